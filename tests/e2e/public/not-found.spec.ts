import { expect, test } from "../support/test";

test.describe("not found", () => {
  test("a visitor who opens an unknown page sees the 404 page", async ({ page }) => {
    const response = await page.goto("/no-such-page/at-all");
    // The single-page app serves its shell; the router shows the not-found page.
    expect(response?.ok() || response?.status() === 404).toBe(true);
    await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    await expect(page.getByText("Did you forget to add the page to the router?")).toBeVisible();
  });

  test("a client that calls an unknown API path gets a JSON 404 with a message", async ({ request }) => {
    const response = await request.get("/api/no-such-endpoint");
    expect(response.status()).toBe(404);
    expect(response.headers()["content-type"]).toMatch(/application\/json/);
    const body = (await response.json()) as { message?: unknown };
    expect(typeof body.message).toBe("string");
    expect(String(body.message).length).toBeGreaterThan(0);
  });

  test("an unknown API path is not answered with the web page", async ({ request }) => {
    const response = await request.post("/api/no-such-endpoint", { data: {} });
    expect(response.status()).toBe(404);
    expect(await response.text()).not.toMatch(/<html/i);
  });

  test("what no browser shows as a page gets a small JSON 404, not the site's page", async ({ request }) => {
    const paths = [
      // The metrics endpoint while no token is configured, as in the browser-test server.
      "/metrics",
      "/media/demo/no-such-photo.webp",
      "/media/photos/no-such-key/960.webp",
      "/ical/no-such-feed.ics",
      "/assets/no-such-chunk-abc123.js",
      "/no-such-file.png",
    ];
    for (const path of paths) {
      const response = await request.get(path, { headers: { accept: "text/html,*/*" } });
      expect(response.status(), path).toBe(404);
      expect(response.headers()["content-type"], path).toMatch(/application\/json/);
      expect((await response.body()).length, path).toBeLessThan(1024);
    }
    // A page address asked for by something that does not take HTML: a script's fetch, a JSON client.
    const fromScript = await request.get("/no-such-page", { headers: { accept: "*/*", "sec-fetch-dest": "script" } });
    expect(fromScript.status()).toBe(404);
    expect((await fromScript.body()).length).toBeLessThan(1024);
    const fromJsonClient = await request.get("/no-such-page", { headers: { accept: "application/json" } });
    expect(await fromJsonClient.json()).toEqual({ message: "No such endpoint: GET /no-such-page" });
    // A browser opening the same address still gets the page.
    const fromBrowser = await request.get("/no-such-page", {
      headers: { accept: "text/html,application/xhtml+xml", "sec-fetch-dest": "document" },
    });
    expect(fromBrowser.status()).toBe(404);
    expect(await fromBrowser.text()).toContain("404 Page Not Found");
  });
});
