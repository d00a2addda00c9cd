import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { fromRoot } from "../lib/project-root";

const YEAR = 31_536_000;

/**
 * Serves the built client (hashed assets cached for a year, index.html always revalidated), the demo
 * photos under /media/demo, and index.html for any other GET that is not an API call, so client routes
 * load directly. Unknown /api and /media paths stay JSON 404s.
 */
export async function registerStaticFiles(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: fromRoot("server/assets/demo-photos"),
    prefix: "/media/demo/",
    decorateReply: false,
    index: false,
    setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=604800"),
  });

  const clientDir = fromRoot("dist/client");
  const indexHtml = path.join(clientDir, "index.html");
  if (!existsSync(indexHtml)) {
    app.log.warn("dist/client is not built: only the API is served (run `npm run build`)");
    return;
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: true,
    index: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "Cache-Control",
        immutable ? `public, max-age=${YEAR}, immutable` : filePath.endsWith(".html") ? "no-cache" : "public, max-age=86400",
      );
    },
  });

  app.setNotFoundHandler((request, reply) => {
    const pathname = request.url.split("?")[0] ?? "/";
    const isPage = (request.method === "GET" || request.method === "HEAD") && !/^\/(api|media)(\/|$)/.test(pathname);
    if (!isPage) {
      return reply.code(404).send({ message: `No such endpoint: ${request.method} ${pathname}` });
    }
    reply.header("Cache-Control", "no-cache");
    return reply.sendFile("index.html", clientDir);
  });
}
