import { ApiError } from "./api-client";

/** "409: {"message":"These dates are no longer available"}" → the message; plain text bodies as they are. */
function messageFromBody(body: string): string | undefined {
  const text = body.trim();
  if (!text) return undefined;
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
      return parsed.message.trim() || undefined;
    }
    return undefined;
  } catch {
    // An HTML error page from a proxy says nothing a visitor can use.
    return text.startsWith("<") ? undefined : text;
  }
}

/**
 * The fallback with the start of the request id a 500 carries ("… (reference 3f2a9c1e)"): enough for support to
 * find the request's log lines, short enough to read out.
 */
function withReference(fallback: string, body: string): string {
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === "object" && "requestId" in parsed && typeof parsed.requestId === "string") {
      return `${fallback} (reference ${parsed.requestId.slice(0, 8)})`;
    }
  } catch {
    // Not our JSON: a proxy's error page.
  }
  return fallback;
}

/**
 * What to tell the visitor about a failed request: the server's message when it sent one (an error reads
 * "status: body"), otherwise `fallback`. Network failures and 5xx pages fall back too.
 */
export function serverMessageOf(error: unknown, fallback: string): string {
  if (error instanceof ApiError) {
    if (error.status >= 500) return withReference(fallback, error.body);
    return messageFromBody(error.body) ?? fallback;
  }
  if (error instanceof Error) {
    const match = /^(\d{3}): ([\s\S]*)$/.exec(error.message);
    if (match?.[1] && match[2] !== undefined && Number(match[1]) < 500) return messageFromBody(match[2]) ?? fallback;
  }
  return fallback;
}
