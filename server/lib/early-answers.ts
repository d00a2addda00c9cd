import type { IncomingMessage, ServerResponse } from "node:http";
import { type PreparedJson, preparedAnswer } from "./prepared-json";
import { REQUEST_ID_HEADER, requestIdGenerator } from "./request-ids";

/** An answer the full request path gave for one URL, to be sent again while it still holds. */
export type KeptAnswer = {
  /** The route's template, as the metrics name it. */
  route: string;
  body: PreparedJson;
  /** The route's own headers besides the body's (a search's X-Total-Count). */
  headers: Readonly<Record<string, string>>;
  /** Whether the full path would still send this body: the kept page it came from is still kept and unchanged. */
  current: () => boolean;
  /** The per-address limit the route counts against, if any. */
  rateLimit?: string;
};

/** Distinct URLs kept; a flood of one-off searches only empties the list sooner. */
const KEPT_URLS = 2_000;
/**
 * A URL was accepted by the full path's checks; some of those read the clock (a check-in not in the past), so a URL is
 * trusted for a minute at most before the full path checks it again.
 */
const KEPT_FOR_MS = 60_000;

/**
 * The busiest public reads (the search's kept pages, the liveness probe) sent straight from the HTTP server, before
 * Fastify builds its request and reply: for a page already in memory, Fastify's own path cost more than twice the
 * CPU of writing the bytes. Only what the full path has already answered is sent here, with the same headers: the
 * security headers, a request id, the route's headers and body. The rate limit is counted and the metrics are told,
 * as on the full path; a request this cannot answer exactly as the full path would (not GET, an unknown or expired
 * URL, a page no longer kept, over its limit, a closing server) goes the full way. See
 * docs/decisions/045-kept-answers-sent-early.md.
 */
export class EarlyAnswers {
  private readonly kept = new Map<string, KeptAnswer>();
  private keptSince = Date.now();
  /** Name, value, name, value…: written with the answer's own in one call, not header by header. */
  private securityHeaders: readonly string[] = [];
  private readonly requestId: (request: IncomingMessage) => string;
  private readonly clientAddress: (request: IncomingMessage) => string;
  /** Per limit name: counts one request from an address and says whether it is still within the limit. */
  private readonly limits = new Map<string, (address: string) => boolean>();
  private answered: (method: string, route: string, status: number, seconds: number) => void = () => {};
  private closing = false;
  /** Requests answered here since start (tests read it to know which path answered). */
  count = 0;

  constructor(trustProxy: boolean) {
    this.requestId = requestIdGenerator(trustProxy);
    this.clientAddress = clientAddressReader(trustProxy);
  }

  /** The security headers every answer carries, as the full path sets them. Until they are known nothing is sent. */
  sendSecurityHeaders(headers: ReadonlyArray<readonly [string, string]>): void {
    this.securityHeaders = headers.flat();
  }

  countAgainst(name: string, admit: (address: string) => boolean): void {
    this.limits.set(name, admit);
  }

  onAnswered(listener: (method: string, route: string, status: number, seconds: number) => void): void {
    this.answered = listener;
  }

  /** From the moment the server starts closing, every request goes the full way (which refuses it politely). */
  close(): void {
    this.closing = true;
    this.kept.clear();
  }

  /** Keeps the full path's answer to `url` (the raw request URL, query string included). */
  keep(url: string, answer: KeptAnswer): void {
    const now = Date.now();
    if (now - this.keptSince > KEPT_FOR_MS || this.kept.size >= KEPT_URLS) {
      this.kept.clear();
      this.keptSince = now;
    }
    this.kept.set(url, answer);
  }

  /** Sends the kept answer to this request and says true, or says false and leaves it to Fastify. */
  tryAnswer(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== "GET" || this.closing || this.securityHeaders.length === 0) return false;
    const url = request.url ?? "";
    const answer = this.kept.get(url);
    if (!answer) return false;
    if (Date.now() - this.keptSince > KEPT_FOR_MS || !answer.current()) {
      this.kept.delete(url);
      return false;
    }
    // Over the limit: the full path counts it again and refuses it with its own message.
    const admit = answer.rateLimit ? this.limits.get(answer.rateLimit) : undefined;
    if (admit && !admit(this.clientAddress(request))) return false;

    const started = performance.now();
    // One flat list in one writeHead: setting headers one by one cost about 8% of a kept answer's CPU.
    const head = [...this.securityHeaders, REQUEST_ID_HEADER, this.requestId(request)];
    for (const name in answer.headers) head.push(name, answer.headers[name] as string);
    const { status, headers, bytes } = preparedAnswer(
      answer.body,
      request.headers["if-none-match"],
      request.headers["accept-encoding"],
    );
    for (const name in headers) head.push(name, headers[name] as string);
    if (bytes) head.push("content-length", String(bytes.length));
    response.writeHead(status, head);
    response.end(bytes);
    this.count += 1;
    this.answered("GET", answer.route, status, (performance.now() - started) / 1000);
    return true;
  }
}

/**
 * The client's address as Fastify's `request.ip` gives it: the connection's, or behind a trusted proxy the first
 * address of X-Forwarded-For, empty entries skipped (each proxy appends, so the first is the client as the outermost
 * proxy saw it).
 */
export function clientAddressReader(trustProxy: boolean): (request: IncomingMessage) => string {
  return (request) => {
    const forwarded = trustProxy ? request.headers["x-forwarded-for"] : undefined;
    if (typeof forwarded === "string") {
      for (const entry of forwarded.split(",")) {
        const address = entry.replace(/^[ \t]+|[ \t]+$/g, "");
        if (address) return address;
      }
    }
    return request.socket.remoteAddress ?? "";
  };
}
