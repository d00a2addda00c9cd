import compress from "@fastify/compress";
import type { FastifyInstance } from "fastify";
import helmet from "helmet";

/**
 * Security headers (CSP included) and response compression. helmet builds its header set once here, and
 * each answer only copies it; @fastify/helmet rebuilt it, CSP parsing included, on every request (11% of the CPU
 * of a cached search in the benchmark): see docs/decisions/004-security-headers-built-once.md.
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
  // helmet's headers are the same for every answer: read them once, and give the answers sent early the same set.
  const headers = headersSetBy(applySecurityHeaders);
  app.earlyAnswers.sendSecurityHeaders(headers);
  app.addHook("onRequest", (_request, reply, done) => {
    for (const [name, value] of headers) reply.raw.setHeader(name, value);
    done();
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
  });
}

/** The headers a helmet middleware sets, in order (it also removes X-Powered-By, which Node never sends). */
function headersSetBy(middleware: ReturnType<typeof helmet>): Array<[string, string]> {
  const headers: Array<[string, string]> = [];
  const recorder = {
    setHeader: (name: string, value: string) => headers.push([name, String(value)]),
    removeHeader: () => {},
  };
  middleware({} as never, recorder as never, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
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
