import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/** Each page with what shows that it has finished loading. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: "/",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Find Your Perfect London Stay" })).toBeVisible();
      await expect(page.getByRole("link", { name: /^View Details(?::|$)/ }).first()).toBeVisible();
    },
  },
  {
    path: "/properties",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "London Properties" })).toBeVisible();
      await expect(page.getByRole("link", { name: /View Details & Book/ }).first()).toBeVisible();
    },
  },
  {
    path: "/property/1",
    ready: async (page) => {
      await expect(page.getByRole("heading", { level: 1, name: "Westminster Luxury Flat" })).toBeVisible();
    },
  },
  {
    path: "/property/4",
    ready: async (page) => {
      await expect(page.getByText("Under Maintenance").first()).toBeVisible();
    },
  },
  {
    path: "/experiences",
    ready: async (page) => {
      await expect(page.getByText(/^\s*From\s+£\s*\d+\s*$/).first()).toBeVisible();
    },
  },
  {
    path: "/partnerships",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: /Start Receiving Bookings/i }).first()).toBeVisible();
    },
  },
  {
    path: "/no-such-page",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
    },
  },
];

const VIEWPORTS = [
  { name: "desktop", viewport: { width: 1280, height: 800 } },
  { name: "phone", viewport: { width: 390, height: 844 } },
];

for (const { name, viewport } of VIEWPORTS) {
  test.describe(`accessibility on ${name} (${viewport.width}x${viewport.height})`, () => {
    test.use({ viewport, contextOptions: { reducedMotion: "reduce" } });

    for (const { path, ready } of PAGES) {
      test(`a screen-reader or keyboard user meets no WCAG 2.2 A/AA violations on ${path}`, async ({ page, axe }) => {
        const response = await page.goto(path);
        // The web app answers every page path; an unknown one may also carry a 404 status.
        const allowed = path === "/no-such-page" ? [200, 404] : [200];
        expect(allowed, `GET ${path} should answer the web app`).toContain(response?.status());
        await ready(page);
        await axe.expectNoViolations({ label: `${path} (${name})` });
      });
    }
  });
}

test("the accessibility check itself reports a violation on a served page", async ({ page, axe }) => {
  // Guards the harness: axe must load under the app's Content-Security-Policy and report real problems,
  // otherwise every check above would pass vacuously.
  await page.goto("/no-such-page");
  await expect(page.getByRole("heading", { name: "404 Page Not Found" })).toBeVisible();
  await page.evaluate(() => {
    const img = document.createElement("img");
    img.src = "/favicon.svg";
    img.id = "axe-self-test";
    document.querySelector("main")?.append(img);
  });
  const violations = await axe.analyze();
  const imageAlt = violations.find((v) => v.id === "image-alt");
  expect(imageAlt, "axe should flag an <img> without alt text").toBeDefined();
  expect(JSON.stringify(imageAlt?.nodes.map((n) => n.target))).toContain("#axe-self-test");
});
