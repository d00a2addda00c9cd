import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply } from "fastify";
import { fromRoot } from "../lib/project-root";
import { SERVABLE_PHOTO_PATH } from "../services/photos/photo-store";

const YEAR = 31_536_000;

/**
 * Serves the built client (hashed assets cached for a year, index.html always revalidated), the demo
 * photos under /media/demo and the landlords' uploaded photos under /media/photos. Answers where
 * index.html is, for the not-found handler's page fallback.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { photosDir: string },
): Promise<{ dir: string; file: string } | null> {
  await app.register(fastifyStatic, {
    root: fromRoot("server/assets/demo-photos"),
    prefix: "/media/demo/",
    decorateReply: false,
    index: false,
    // Off, so the header set below is the one sent (send's default would overwrite it with max-age=0).
    cacheControl: false,
    setHeaders: (res) => res.setHeader("Cache-Control", "public, max-age=604800"),
  });

  // Uploaded photos (services/photos/photo-store.ts): a key is never reused, so a file never changes.
  // Only <key>/<width>.webp is served: not the staging area, no listings. The folder appears with the
  // first upload (@fastify/static only warns until then).
  await app.register(fastifyStatic, {
    root: options.photosDir,
    prefix: "/media/photos/",
    decorateReply: false,
    index: false,
    list: false,
    allowedPath: (pathname) => SERVABLE_PHOTO_PATH.test(pathname),
    // Through send's own options: a Cache-Control set in setHeaders is overwritten by send's default.
    maxAge: YEAR * 1000,
    immutable: true,
  });

  const clientDir = fromRoot("dist/client");
  const indexHtml = path.join(clientDir, "index.html");
  if (!existsSync(indexHtml)) {
    app.log.warn("dist/client is not built: only the API is served (run `npm run build`)");
    return null;
  }

  await app.register(fastifyStatic, {
    root: clientDir,
    prefix: "/",
    wildcard: true,
    index: false,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader(
        "Cache-Control",
        immutable
          ? `public, max-age=${YEAR}, immutable`
          : filePath.endsWith(".html")
            ? "no-cache"
            : "public, max-age=86400",
      );
    },
  });

  // "/" is a folder to the static handler (which refuses listings): the home page is index.html.
  const sendIndex = (_request: unknown, reply: FastifyReply) =>
    reply.header("Cache-Control", "no-cache").sendFile("index.html", clientDir);
  app.get("/", sendIndex);

  return { dir: clientDir, file: "index.html" };
}
