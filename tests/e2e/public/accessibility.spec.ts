import type { Page } from "@playwright/test";
import { expect, test } from "../support/test";

/** Each page with what shows that it has finished loading. */
const PAGES: { path: string; ready: (page: Page) => Promise<void> }[] = [
  {
    path: "/",
    ready: async (page) => {
      await expect(page.getByRole("heading", { name: "Find Your Perfect London Stay" })).toBeVisible();
      await expect(page.getByRole("link", { name: "View Details", exact: true }).first()).toBeVisible();
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
      test(`a screen-reader or keyboard user meets no WCAG 2.1 A/AA violations on ${path}`, async ({ page, axe }) => {
        await page.goto(path);
        await ready(page);
        await axe.expectNoViolations({ label: `${path} (${name})` });
      });
    }
  });
}
