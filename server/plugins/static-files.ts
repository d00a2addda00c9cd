import { existsSync } from "node:fs";
import path from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance } from "fastify";
import { fromRoot } from "../lib/project-root";
import { type PhotoServing, SERVABLE_PHOTO_PATH } from "../services/photos/photo-store";

const YEAR = 31_536_000;

/**
 * Serves the built client's files (hashed assets cached for a year), the demo photos under /media/demo
 * and the landlords' uploaded photos under /media/photos. Answers the client's folder, where the page
 * template is, or null when the client is not built.
 */
export async function registerStaticFiles(
  app: FastifyInstance,
  options: { photos: PhotoServing },
): Promise<string | null> {
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
  if (options.photos.kind === "folder") {
    // Only <key>/<width>.webp is served: not the staging area, no listings. The folder appears with the
    // first upload (@fastify/static only warns until then).
    await app.register(fastifyStatic, {
      root: options.photos.dir,
      prefix: "/media/photos/",
      decorateReply: false,
      index: false,
      list: false,
      allowedPath: (pathname) => SERVABLE_PHOTO_PATH.test(pathname),
      // Through send's own options: a Cache-Control set in setHeaders is overwritten by send's default.
      maxAge: YEAR * 1000,
      immutable: true,
    });
  } else {
    registerStoredPhotos(app, options.photos.open);
  }

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
    // The page template is filled in for every page load (page-rendering.ts), never sent as it is.
    allowedPath: (pathname) => pathname !== "/index.html",
    // The build writes .br and .gz copies (scripts/precompress-assets.mjs): sent as they are, not compressed per request.
    preCompressed: true,
    cacheControl: false,
    setHeaders: (res, filePath) => {
      const immutable = filePath.includes(`${path.sep}assets${path.sep}`);
      res.setHeader("Cache-Control", immutable ? `public, max-age=${YEAR}, immutable` : "public, max-age=86400");
    },
  });

  return clientDir;
}

/**
 * Photos kept in a bucket, streamed through the app at the same addresses as photos on disk, so links never change
 * and any instance answers for any photo.
 */
function registerStoredPhotos(app: FastifyInstance, open: Extract<PhotoServing, { kind: "reader" }>["open"]): void {
  app.get<{ Params: { key: string; file: string } }>("/media/photos/:key/:file", async (request, reply) => {
    const { key, file } = request.params;
    if (!SERVABLE_PHOTO_PATH.test(`/${key}/${file}`)) return reply.code(404).send({ message: "Photo not found" });
    const ifNoneMatch = request.headers["if-none-match"];
    const found = await open(key, Number.parseInt(file, 10), typeof ifNoneMatch === "string" ? ifNoneMatch : undefined);
    if (found === null) return reply.code(404).send({ message: "Photo not found" });
    reply.header("Cache-Control", `public, max-age=${YEAR}, immutable`);
    if (found === "not-modified") return reply.code(304).send();
    reply.type("image/webp");
    if (found.length !== undefined) reply.header("Content-Length", found.length);
    if (found.etag) reply.header("ETag", found.etag);
    if (found.lastModified) reply.header("Last-Modified", found.lastModified.toUTCString());
    return reply.send(found.body);
  });
}
