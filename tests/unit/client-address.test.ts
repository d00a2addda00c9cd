import Fastify from "fastify";
import { describe, expect, it } from "vitest";
import { clientAddressReader } from "../../server/lib/early-answers";

/**
 * Answers sent before Fastify count rate limits against the client's address, so they must read it exactly as
 * Fastify's `request.ip` does, behind a trusted proxy and without one.
 */
describe("the client's address for answers sent early", () => {
  it.each([true, false])("is Fastify's request.ip with trustProxy %s", async (trustProxy) => {
    const app = Fastify({ trustProxy });
    const read = clientAddressReader(trustProxy);
    app.get("/", async (request) => ({ fastify: request.ip, early: read(request.raw) }));
    for (const forwarded of [
      undefined,
      "198.51.100.7",
      "198.51.100.7, 10.0.0.2",
      " 203.0.113.9 ,10.0.0.2, 10.0.0.3",
      "2001:db8::1, 10.0.0.2",
      ", 10.0.0.2",
      " ,\t198.51.100.7\t,10.0.0.2",
      "",
    ]) {
      const response = await app.inject({
        url: "/",
        headers: forwarded === undefined ? {} : { "x-forwarded-for": forwarded },
      });
      const { fastify, early } = response.json() as { fastify: string; early: string };
      expect(early, forwarded).toBe(fastify);
    }
    await app.close();
  });
});
