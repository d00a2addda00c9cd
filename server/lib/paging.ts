import type { FastifyReply } from "fastify";

/** An admin list's answer: the page's rows as the body, the match count in `X-Total-Count`. */
export function sendPage<T>(reply: FastifyReply, page: { items: T[]; total: number }): T[] {
  reply.header("X-Total-Count", String(page.total));
  // Admin lists hold personal data: never kept by a browser or proxy cache.
  reply.header("Cache-Control", "private, no-store");
  return page.items;
}
