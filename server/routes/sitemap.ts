import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { notFound } from "../lib/errors";
import {
  PUBLIC_PAGES,
  planSitemap,
  robotsTxt,
  SITEMAP_URL_LIMIT,
  type SitemapEntry,
  sitemapIndexXml,
  urlsetXml,
} from "../lib/sitemap";
import { countListedProperties, listedPropertiesPage } from "../repositories/sitemap.repository";

/** Crawlers come back often; an hour old is fresh enough for listings that change a few times a day. */
const CACHE = "public, max-age=3600";

/**
 * /robots.txt and /sitemap.xml for search engines: the public pages and every listed property at its canonical
 * address (/property/{slug}), read from the database on each request. Beyond 50,000 URLs /sitemap.xml is an index
 * of /sitemaps/pages.xml and /sitemaps/listings-{n}.xml.
 */
const sitemapRoutes: FastifyPluginAsyncZod<{ publicUrl: string }> = async (app, { publicUrl }) => {
  const pages = (): SitemapEntry[] => PUBLIC_PAGES.map((page) => ({ loc: `${publicUrl}${page}` }));
  const listings = async (file: number): Promise<SitemapEntry[]> =>
    (await listedPropertiesPage(app.db, (file - 1) * SITEMAP_URL_LIMIT, SITEMAP_URL_LIMIT)).map((p) => ({
      loc: `${publicUrl}/property/${encodeURIComponent(p.slug)}`,
      lastmod: p.updatedAt.toISOString(),
    }));

  app.get("/robots.txt", { logLevel: "warn" }, async (_request, reply) =>
    reply.type("text/plain; charset=utf-8").header("Cache-Control", CACHE).send(robotsTxt(publicUrl)),
  );

  app.get("/sitemap.xml", { logLevel: "warn" }, async (_request, reply) => {
    const plan = planSitemap(await countListedProperties(app.db));
    const body =
      plan.kind === "single"
        ? urlsetXml([...pages(), ...(await listings(1))])
        : sitemapIndexXml([
            { loc: `${publicUrl}/sitemaps/pages.xml` },
            ...Array.from({ length: plan.listingFiles }, (_, i) => ({
              loc: `${publicUrl}/sitemaps/listings-${i + 1}.xml`,
            })),
          ]);
    return reply.type("application/xml; charset=utf-8").header("Cache-Control", CACHE).send(body);
  });

  app.get("/sitemaps/pages.xml", { logLevel: "warn" }, async (_request, reply) =>
    reply.type("application/xml; charset=utf-8").header("Cache-Control", CACHE).send(urlsetXml(pages())),
  );

  app.get(
    "/sitemaps/listings-:file.xml",
    {
      logLevel: "warn",
      schema: {
        params: z.object({
          file: z.coerce
            .number({ error: "File must be a number" })
            .int("File must be a whole number")
            .min(1, "File must be 1 or more")
            .max(1_000, "File must be at most 1000"),
        }),
      },
    },
    async (request, reply) => {
      const plan = planSitemap(await countListedProperties(app.db));
      const files = plan.kind === "single" ? 0 : plan.listingFiles;
      if (request.params.file > files) throw notFound("No such sitemap file");
      return reply
        .type("application/xml; charset=utf-8")
        .header("Cache-Control", CACHE)
        .send(urlsetXml(await listings(request.params.file)));
    },
  );
};

export default sitemapRoutes;
