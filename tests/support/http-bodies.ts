/**
 * For tests that only look at a response's status or headers: its body is cancelled, so the connection is free
 * and the server can close (tests/setup/response-bodies.ts fails a test that leaves one unread).
 */
export async function discard(response: Response): Promise<Response> {
  await response.body?.cancel();
  return response;
}

/** fetch, then cancel the body: the status and headers stay readable. */
export async function fetchHead(input: string, init?: RequestInit): Promise<Response> {
  return discard(await fetch(input, init));
}

/** The status of a request whose body the test does not need. */
export async function statusOf(input: string, init?: RequestInit): Promise<number> {
  return (await fetchHead(input, init)).status;
}

/**
 * The response with its body already read into memory: the connection is free at once, and the copy can still be
 * read (or not) later. For helpers whose callers sometimes read the body and sometimes only the status.
 */
export async function buffered(response: Response): Promise<Response> {
  const body = await response.arrayBuffer();
  return new Response(response.body === null ? null : body, {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}
