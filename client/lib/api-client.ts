import type { z } from "zod";

/**
 * A failed request: the message is `${status}: ${body text}`, or the status text when the body is empty.
 * `status` and `body` are kept so callers can tell a 404 from other failures without parsing the message.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string, statusText: string) {
    super(`${status}: ${body || statusText}`);
    this.name = "ApiError";
    this.status = status;
    this.body = body;
  }

  /** The server's `{ message }`, when the body is such JSON. */
  get serverMessage(): string | undefined {
    try {
      const parsed: unknown = JSON.parse(this.body);
      if (parsed && typeof parsed === "object" && "message" in parsed && typeof parsed.message === "string") {
        return parsed.message;
      }
    } catch {
      // The body was not JSON.
    }
    return undefined;
  }
}

export function isApiError(error: unknown, status?: number): error is ApiError {
  return error instanceof ApiError && (status === undefined || error.status === status);
}

async function throwIfResNotOk(res: Response): Promise<void> {
  if (!res.ok) {
    const text = await res.text().catch(() => "");
    throw new ApiError(res.status, text, res.statusText);
  }
}

type RequestOptions = {
  signal?: AbortSignal | undefined;
  /** Extra request headers (an Idempotency-Key naming a step that must happen once). */
  headers?: Record<string, string>;
};

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * How requests reach the API: the browser's fetch, or, when the server renders a page, the server
 * answering them itself as the visitor (client/entry-server.tsx).
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/**
 * Every call sends cookies; a JSON content type is set only when a body exists; any non-2xx throws an ApiError.
 * FormData (file uploads) goes as it is: the browser writes the multipart content type and boundary.
 */
export async function apiRequest(
  method: string,
  url: string,
  data?: unknown,
  options: RequestOptions = {},
): Promise<Response> {
  const hasBody = data !== undefined;
  const isForm = data instanceof FormData;
  const res = await transport(url, {
    method,
    credentials: "include",
    headers:
      hasBody && !isForm ? { "Content-Type": "application/json", ...options.headers } : (options.headers ?? undefined),
    body: isForm ? data : hasBody ? JSON.stringify(data) : undefined,
    signal: options.signal,
  });
  await throwIfResNotOk(res);
  return res;
}

/** Reads JSON from a response and checks it against the shared zod contract. */
export async function parseJson<TSchema extends z.ZodType>(res: Response, schema: TSchema): Promise<z.output<TSchema>> {
  const json: unknown = await res.json();
  return schema.parse(json);
}

/** A GET whose JSON answer is validated with the common schema. */
export async function getJson<TSchema extends z.ZodType>(
  url: string,
  schema: TSchema,
  options: RequestOptions = {},
): Promise<z.output<TSchema>> {
  const res = await apiRequest("GET", url, undefined, options);
  return parseJson(res, schema);
}

/**
 * A GET for a public page, read without the zod contract so that zod (about 25 KB compressed) stays out
 * of the public pages' first download. The server builds each such answer from the same typed contract
 * (and checks it with the route's response schema, except the search's ready-made bytes) and the API
 * tests hold it there; here only the outer shape is checked. Other pages keep `getJson`.
 */
export async function getPublicJson<T>(
  url: string,
  shape: "object" | "array",
  options: RequestOptions = {},
): Promise<T> {
  const res = await apiRequest("GET", url, undefined, options);
  const json: unknown = await res.json();
  const fits =
    shape === "array" ? Array.isArray(json) : json !== null && typeof json === "object" && !Array.isArray(json);
  if (!fits) throw new Error(`Unexpected answer from ${url}`);
  return json as T;
}

/**
 * One page of a server-paged list: the rows (checked with the common schema), the match count, and whether the
 * server stopped counting at a cap (`X-Total-Count-Capped`: there are more than `total`).
 */
export async function getPage<TSchema extends z.ZodType>(
  url: string,
  itemSchema: TSchema,
  options: RequestOptions = {},
): Promise<{ items: z.output<TSchema>[]; total: number; totalIsCapped: boolean }> {
  const res = await apiRequest("GET", url, undefined, options);
  const json: unknown = await res.json();
  if (!Array.isArray(json)) throw new Error(`Unexpected answer from ${url}`);
  const items = json.map((item) => itemSchema.parse(item) as z.output<TSchema>);
  const total = Number.parseInt(res.headers.get("X-Total-Count") ?? "", 10);
  return {
    items,
    total: Number.isFinite(total) ? total : items.length,
    totalIsCapped: res.headers.get("X-Total-Count-Capped") === "true",
  };
}
