import { Validator } from "@seriousme/openapi-schema-validator";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../support/test-context";

/**
 * The API reference is made from the routes themselves: every /api route is in it, with the shape its schema
 * accepts, and it is a valid OpenAPI 3.1 document. The readable page is served from this origin under the
 * site's own Content-Security-Policy.
 */

const { server } = setUpTestApp({ withoutChangeFeed: true });

type OpenApi = {
  openapi: string;
  paths: Record<string, Record<string, { requestBody?: unknown; responses?: Record<string, unknown> }>>;
};

const openApiPath = (url: string) => url.replace(/:(\w+)/g, "{$1}");
const documented = (url: string) =>
  url.startsWith("/api/") && !url.startsWith("/api/docs") && url !== "/api/openapi.json";

describe("the API reference", () => {
  it("is a valid OpenAPI 3.1 document naming every /api route with its answers", async () => {
    const response = await fetch(`${server.baseUrl}/api/openapi.json`);
    expect(response.status).toBe(200);
    const spec = (await response.json()) as OpenApi;
    expect(spec.openapi).toBe("3.1.0");
    const result = await new Validator().validate(spec as never);
    expect(result.errors ?? [], JSON.stringify(result.errors)).toEqual([]);
    expect(result.valid).toBe(true);

    const routes = server.app.routeList.filter((route) => documented(route.url));
    expect(routes.length).toBeGreaterThan(80);
    // A plugin's "/" route is documented with its prefix and a trailing slash.
    const operation = (url: string, method: string) =>
      (spec.paths[openApiPath(url)] ?? spec.paths[`${openApiPath(url)}/`])?.[method.toLowerCase()];
    const missing = routes.filter((route) => !operation(route.url, route.method)?.responses);
    expect(missing.map((route) => `${route.method} ${route.url}`)).toEqual([]);
    // Pages, media and health are not part of the API.
    expect(Object.keys(spec.paths).filter((path) => !path.startsWith("/api/"))).toEqual([]);
  });

  it("describes a body as its schema accepts it", async () => {
    const spec = (await (await fetch(`${server.baseUrl}/api/openapi.json`)).json()) as OpenApi;
    const register = spec.paths["/api/auth/register"]?.post?.requestBody as {
      content: { "application/json": { schema: { required: string[]; properties: Record<string, unknown> } } };
    };
    const schema = register.content["application/json"].schema;
    expect(schema.required).toEqual(expect.arrayContaining(["email", "password", "firstName", "lastName", "role"]));
    expect(schema.properties.role).toMatchObject({ enum: expect.arrayContaining(["guest", "landlord"]) });
  });

  it.each(["/api/docs", "/api/docs/"])(
    "has a readable page at %s, served from this origin under the site's CSP",
    async (path) => {
      const pageUrl = `${server.baseUrl}${path}`;
      const page = await fetch(pageUrl);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
      const html = await page.text();
      const files = [...html.matchAll(/<(?:script|link)[^>]*(?:src|href)="([^"]+)"/g)].map((match) => match[1] ?? "");
      expect(files.length).toBeGreaterThan(2);
      for (const file of files) {
        const url = new URL(file, pageUrl);
        expect(url.origin).toBe(server.baseUrl);
        const response = await fetch(url);
        expect(response.status, file).toBe(200);
        // Read to the end, so the connection is free when the app stops.
        await response.arrayBuffer();
      }
      // No inline script, which the CSP would block.
      expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>\s*\S/);
    },
  );
});
