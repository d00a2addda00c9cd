import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";

export const REQUEST_ID_HEADER = "x-request-id";

/**
 * What a proxy's request id may look like: UUIDs, ULIDs and the usual trace ids. Anything else (too long,
 * spaces, quotes, control characters that could forge a log line) is replaced by our own.
 */
const ACCEPTED_ID = /^[A-Za-z0-9._:-]{8,128}$/;

/**
 * The id of each request: the one the reverse proxy sent, when the app trusts its proxy and the id looks like
 * one, so a request can be followed from the proxy's log into ours; otherwise a UUID, unique across every
 * instance and restart. It goes into every log line, the X-Request-Id answer header and every 500's body.
 */
export function requestIdGenerator(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const sent = request.headers[REQUEST_ID_HEADER];
    return trustProxy && typeof sent === "string" && ACCEPTED_ID.test(sent) ? sent : randomUUID();
  };
}

/** Query parameters whose values are secrets or one-time codes: never written to a log. */
const SECRET_PARAM = /token|code|state|secret|password|key|signature|session/i;

/**
 * A URL as it may be logged: the values of secret-looking query parameters are replaced, so an e-mail
 * verification link or an OAuth callback in the access log cannot be replayed by someone who reads it.
 */
export function redactUrl(url: string): string {
  const question = url.indexOf("?");
  if (question === -1) return url;
  const params = new URLSearchParams(url.slice(question + 1));
  let changed = false;
  for (const key of new Set(params.keys())) {
    if (SECRET_PARAM.test(key)) {
      params.set(key, "redacted");
      changed = true;
    }
  }
  return changed ? `${url.slice(0, question)}?${params}` : url;
}

type LoggedRequest = {
  method: string;
  url: string;
  host?: string;
  ip: string;
  socket?: { remotePort?: number };
};

/** The request as each log line describes it: Fastify's usual fields, with the URL redacted. */
export function serializeRequest(request: LoggedRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}
