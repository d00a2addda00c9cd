import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers (CSP included) and response compression. helmet builds its header set once here;
 * @fastify/helmet rebuilt it, CSP parsing included, on every request (11% of the CPU of a cached
 * search in the benchmark): see docs/decisions/004-security-headers-built-once.md.
 */
export async function registerSecurity(
  app: FastifyInstance,
  options: { publicUrl: string; mapTileUrl?: string; stripe?: boolean; photoUploadOrigin?: string },
): Promise<void> {
  const https = options.publicUrl.startsWith("https://");
  const tileSource = options.mapTileUrl ? mapTileSource(options.mapTileUrl) : undefined;
  // Stripe Elements (only with card payments on): its script, its card iframes and its API.
  const stripe = options.stripe ? STRIPE_SOURCES : { script: [], frame: [], connect: [] };
  const applySecurityHeaders = helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...stripe.script],
        frameSrc: stripe.frame.length > 0 ? stripe.frame : ["'none'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        // Map tiles come from MAP_TILE_URL's origin, which may be plain HTTP (a tile server on the LAN).
        imgSrc: ["'self'", "data:", "blob:", "https:", ...(tileSource ? [tileSource] : [])],
        fontSrc: ["'self'", "data:"],
        // Browsers post device photos straight to the photo store when it is a bucket.
        connectSrc: ["'self'", ...stripe.connect, ...(options.photoUploadOrigin ? [options.photoUploadOrigin] : [])],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        // Only where the site is really served over HTTPS: on plain HTTP it breaks every asset.
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
  app.addHook("onRequest", (request, reply, done) =>
    applySecurityHeaders(request.raw, reply.raw, (error) => done(error as Error | undefined)),
  );
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
  });
}

/** The origins Stripe.js documents for its Content-Security-Policy. */
const STRIPE_SOURCES = {
  script: ["https://js.stripe.com"],
  frame: ["https://js.stripe.com", "https://hooks.stripe.com"],
  connect: ["https://api.stripe.com"],
};

/** The CSP source of a tile URL template: its origin, "{s}" subdomains as a wildcard ("https://*.tile.example"). */
export function mapTileSource(tileUrl: string): string | undefined {
  return /^(https?:\/\/[^/]+)/.exec(tileUrl)?.[1]?.replaceAll("{s}", "*");
}
