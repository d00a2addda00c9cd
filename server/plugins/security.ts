import compress from "@fastify/compress";
import helmet from "@fastify/helmet";
import type { FastifyInstance } from "fastify";

/** Security headers (CSP included) and response compression. */
export async function registerSecurity(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  const https = options.publicUrl.startsWith("https://");
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Radix positions popovers with inline style attributes.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        fontSrc: ["'self'", "data:"],
        connectSrc: ["'self'"],
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
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ["br", "gzip"],
  });
}
