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
});
