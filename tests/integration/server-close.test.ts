import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer } from "../support/app";
import { createTestDatabase, type TestDatabase } from "../support/database";

/**
 * A client that asks for a large page and reads only its status keeps its connection open, and a close that waits
 * for connections waited out the client's keep-alive (72 s, longer than a test hook may take: a test that read only a
 * status once held its file's close until the hook timed out). A test server drops every connection when it stops;
 * the production server lets each connection go once its answer is sent, so a request in progress is still answered
 * in full.
 */

/** About the size of a server-drawn page with its stylesheet inside, and as hard to compress as a photo. */
const page = randomBytes(120_000).toString("base64");

let database: TestDatabase;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => {
  await database?.drop();
});

async function server(options: { gracefulClose: boolean; slow?: { reached: () => void; answer: Promise<void> } }) {
  return startTestServer(
    database.db,
    database.url,
    {},
    {
      withoutChangeFeed: true,
      gracefulClose: options.gracefulClose,
      beforeListen: (app) => {
        app.get("/api/test-only/page", async (_request, reply) => reply.type("text/html").send(page));
        app.get("/api/test-only/slow", async () => {
          options.slow?.reached();
          await options.slow?.answer;
          return { finished: true };
        });
      },
    },
  );
}

/** A promise and the function that settles it. */
function signal() {
  let resolve: () => void = () => undefined;
  const promise = new Promise<void>((settle) => {
    resolve = settle;
  });
  return { promise, resolve };
}

/** Whether `work` ends within `ms`: a hang detector, not a speed target. */
async function endsWithin(work: Promise<unknown>, ms: number): Promise<boolean> {
  return Promise.race([work.then(() => true), sleep(ms).then(() => false)]);
}

describe("stopping a server", () => {
  it.each([
    ["a test server", false],
    ["the production server", true],
  ])("%s stops at once while a client holds a large page unread", async (_name, gracefulClose) => {
    const running = await server({ gracefulClose });
    const unread = await fetch(`${running.baseUrl}/api/test-only/page`);
    expect(unread.headers.get("content-encoding")).toBe("gzip");
    expect(await endsWithin(running.close(), 5_000)).toBe(true);
    await unread.body?.cancel().catch(() => undefined);
  });

  it("the production server's close lets a request in progress finish and answers it in full", async () => {
    const answer = signal();
    const reached = signal();
    const running = await server({ gracefulClose: true, slow: { reached: reached.resolve, answer: answer.promise } });
    const response = fetch(`${running.baseUrl}/api/test-only/slow`);
    await reached.promise;
    let stopped = false;
    const closing = running.close().then(() => {
      stopped = true;
    });
    await sleep(300);
    expect(stopped).toBe(false);
    answer.resolve();
    expect((await response).status).toBe(200);
    expect(await (await response).json()).toEqual({ finished: true });
    expect(await endsWithin(closing, 10_000)).toBe(true);
  });
});
