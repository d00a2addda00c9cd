/**
 * A tiny browser stand-in over real HTTP: keeps the session cookie between calls, sends JSON, and can
 * pretend to be a page of some origin.
 */
export class HttpClient {
  cookie: string | null = null;

  constructor(
    private readonly baseUrl: string,
    private readonly origin: string | null = null,
  ) {}

  async request(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const form = body instanceof FormData;
    const response = await fetch(`${this.baseUrl}${path}`, {
      method,
      redirect: "manual",
      headers: {
        // A form is sent as multipart, its boundary in the content type fetch writes.
        ...(body === undefined || form ? {} : { "content-type": "application/json" }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...(this.origin ? { origin: this.origin } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : form ? body : JSON.stringify(body),
    });
    const setCookie = response.headers.get("set-cookie");
    if (setCookie) {
      const pair = setCookie.split(";")[0] ?? "";
      this.cookie = pair.endsWith("=") ? null : pair;
    }
    const text = await response.text();
    const json = text ? (JSON.parse(text) as Record<string, unknown>) : {};
    return { status: response.status, body: json, headers: response.headers };
  }

  get = (path: string) => this.request("GET", path);
  post = (path: string, body?: unknown, headers?: Record<string, string>) => this.request("POST", path, body, headers);
}
