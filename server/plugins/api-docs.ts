import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform, jsonSchemaTransformObject } from "fastify-type-provider-zod";
import { SESSION_COOKIE } from "./sessions";

/**
 * The API's reference, generated from the routes' own zod schemas so it cannot drift from what they accept and
 * answer: OpenAPI 3.1 at /api/openapi.json, and a readable page at /api/docs (Swagger UI, served from this
 * origin, so the Content-Security-Policy holds). Registered before the routes, which it collects as they are
 * added; page, media and health routes are left out.
 */
export async function registerApiDocs(app: FastifyInstance, options: { publicUrl: string }): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: "3.1.0",
      info: {
        title: "StayLondon API",
        version: "1",
        description:
          "Every error is JSON `{ message }` with a 4xx that says what to fix; a 500 adds `requestId`, also sent as " +
          "the X-Request-Id header of every answer. Signed-in calls carry the session cookie set by " +
          "`POST /api/auth/login`; state-changing calls from a browser must come from this site's own pages. " +
          "Counted calls answer 429 with Retry-After when over their limit.",
      },
      servers: [{ url: options.publicUrl }],
      components: {
        securitySchemes: { session: { type: "apiKey", in: "cookie", name: SESSION_COOKIE } },
      },
    },
    transform: (input) => {
      const { schema, url } = input;
      if (!url.startsWith("/api/") || url.startsWith("/api/docs")) return { schema: { ...schema, hide: true }, url };
      // Grouped by area (/api/properties/… under "properties"), so the page opens on a short list.
      const area = url.split("/")[2] ?? "api";
      return jsonSchemaTransform({ ...input, schema: { tags: [area], ...schema } });
    },
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: "/api/docs",
    uiConfig: { docExpansion: "none", deepLinking: true, defaultModelsExpandDepth: 0 },
    // The UI's own scripts and styles are files on this origin; the page's CSP stays the site's.
    staticCSP: false,
  });
  app.get("/api/openapi.json", { schema: { hide: true } }, async () => app.swagger());
}
