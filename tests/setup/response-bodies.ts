import { afterAll, afterEach } from "vitest";

/**
 * A test that reads a response's status and leaves its body unread keeps the connection busy: when the body is
 * larger than the socket buffers, the server can never finish writing it and its close waits for ever. This guard
 * wraps fetch for every test file, remembers each response a test asked for, and fails the test that left one
 * unread or uncancelled, naming the request (use `discard` or `statusOf` from tests/support/http-bodies.ts).
 *
 * Only calls made by test code are watched: the app runs in the same process, and its own fetches (calendar feeds,
 * OpenID providers) are its business.
 */
type Watched = { response: Response; what: string };
const watched: Watched[] = [];
const realFetch = globalThis.fetch;

function calledByTestCode(stack: string): boolean {
  const frames = stack.split("\n").slice(2);
  return frames.some((f) => f.includes("/tests/")) && !frames.some((f) => /\/(server|node_modules)\//.test(f));
}

globalThis.fetch = async (input: Parameters<typeof fetch>[0], init?: RequestInit) => {
  const stack = new Error().stack ?? "";
  const response = await realFetch(input, init);
  if (response.body !== null && calledByTestCode(stack)) {
    const url = input instanceof Request ? input.url : String(input);
    watched.push({ response, what: `${init?.method ?? (input instanceof Request ? input.method : "GET")} ${url}` });
  }
  return response;
};

async function checkBodies(): Promise<void> {
  const left = watched.splice(0).filter(({ response }) => !response.bodyUsed);
  // Cancelled either way, so one forgotten body cannot hold up the server's close for the rest of the file.
  await Promise.all(left.map(({ response }) => response.body?.cancel().catch(() => undefined)));
  if (left.length > 0) {
    throw new Error(
      `Response bodies left unread (read them, or cancel them with discard()/statusOf()):\n${left
        .map(({ response, what }) => `  ${what} -> ${response.status}`)
        .join("\n")}`,
    );
  }
}

afterEach(checkBodies);
afterAll(checkBodies);
