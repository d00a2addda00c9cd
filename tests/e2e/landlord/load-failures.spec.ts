import type { Locator, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { type AxeFixture, expect, test } from "../support/test";

/**
 * Spec 2 §8: a landlord page whose data fails to load shows a centred message, and Retry reloads the page.
 * The failure is a dropped connection for the page's one read (the browser's request is aborted, as when
 * Wi-Fi drops); the server itself is never faked. The request then goes through again, so the reload loads.
 */

type FailingPage = {
  path: string;
  /** The read the page makes, as a URL pattern. */
  api: RegExp;
  heading: string;
  message: string;
  /** Something only the loaded page shows. */
  loaded: (page: Page) => ReturnType<Page["getByRole"]>;
};

const PAGES: FailingPage[] = [
  {
    path: "/landlord/properties",
    api: /\/api\/properties\/my-properties$/,
    heading: "My Properties",
    message: "Failed to load property data",
    loaded: (page) => page.getByRole("region", { name: "Summary" }),
  },
  {
    path: "/landlord/revenue",
    api: /\/api\/analytics\/revenue$/,
    heading: "Revenue Analytics",
    message: "Failed to load revenue data",
    loaded: (page) => page.getByRole("heading", { name: "Recent Transactions" }),
  },
  {
    path: "/landlord/revenue/monthly",
    api: /\/api\/analytics\/monthly-revenue$/,
    heading: "Monthly Revenue Analysis",
    message: "Failed to load monthly revenue data",
    loaded: (page) => page.getByRole("heading", { name: "8-month trend" }),
  },
  {
    path: "/landlord/occupancy",
    api: /\/api\/analytics\/occupancy$/,
    heading: "Occupancy Analytics",
    message: "Failed to load occupancy data",
    loaded: (page) => page.getByRole("heading", { name: "Weekly breakdown" }),
  },
  {
    path: "/landlord/bookings",
    api: /\/api\/bookings\/landlord-bookings$/,
    heading: "All Bookings",
    message: "Failed to load bookings data",
    loaded: (page) => page.getByRole("region", { name: "Summary" }),
  },
];

/** Drops the connection of the first GET matching `api`, lets later ones through, and checks both states. */
async function expectFailureThenRetry(page: Page, axe: AxeFixture, target: FailingPage): Promise<void> {
  let dropped = 0;
  await page.route(target.api, async (route) => {
    if (route.request().method() !== "GET" || dropped > 0) return route.continue();
    dropped += 1;
    return route.abort("internetdisconnected");
  });

  await page.goto(target.path);
  const alert = page.getByRole("alert").filter({ hasText: target.message });
  await expect(alert).toBeVisible();
  await expect(alert).toContainText("Please try again later.");
  await expect(target.loaded(page)).toHaveCount(0);
  expect(dropped).toBe(1);
  await axe.expectNoViolations({ label: `${target.path}, failed to load` });

  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Retry" }).click();
  await reloaded;
  await expect(page.getByRole("heading", { level: 1, name: new RegExp(target.heading) })).toBeVisible();
  await expect(target.loaded(page).first()).toBeVisible();
  await expect(page.getByRole("alert").filter({ hasText: target.message })).toHaveCount(0);
}

test.describe("landlord page load failures", () => {
  for (const target of PAGES) {
    test(`a landlord whose connection drops on ${target.path} sees '${target.message}', and Retry reloads the page`, async ({
      page,
      axe,
    }) => {
      await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
      await expectFailureThenRetry(page, axe, target);
    });
  }

  test("a landlord whose connection drops on a manage page sees 'Failed to load property data', and Retry reloads the page", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const response = await page.request.get("/api/properties/my-properties");
    expect(response.ok(), await response.text()).toBe(true);
    const [property] = (await response.json()) as { id: number; title: string }[];
    if (!property) throw new Error("landlord@ has no properties");
    await expectFailureThenRetry(page, axe, {
      path: `/properties/${property.id}/manage`,
      api: new RegExp(`/api/properties/${property.id}/manage$`),
      heading: escapeRegExp(property.title),
      message: "Failed to load property data",
      loaded: (p) => p.getByRole("tablist", { name: "Sections" }),
    });
  });
});

test.describe("manage page section failures", () => {
  const SECTIONS: Array<{ section: string; api: string; failed: string; loaded: (page: Page) => Locator }> = [
    {
      section: "sync",
      api: "calendar-sync",
      failed: "Failed to load calendar sync",
      loaded: (page) => page.getByRole("heading", { name: "This listing's calendar" }),
    },
    {
      section: "pricing",
      api: "pricing-rules",
      failed: "Failed to load pricing rules",
      loaded: (page) => page.getByRole("list", { name: "Pricing rules" }).or(page.getByText("No pricing rules yet")),
    },
    {
      section: "manager",
      api: "manager",
      failed: "Failed to load the property's manager",
      loaded: (page) => page.getByRole("heading", { name: "Current manager" }),
    },
  ];

  test("a section whose read fails says so with Retry, and Retry loads it without leaving the page", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const response = await page.request.get("/api/properties/my-properties");
    const [property] = (await response.json()) as { id: number }[];
    if (!property) throw new Error("landlord@ has no properties");
    for (const target of SECTIONS) {
      let failing = true;
      const api = new RegExp(`/api/properties/${property.id}/${target.api}$`);
      await page.route(api, (route) => (failing ? route.abort("connectionreset") : route.continue()));
      await page.goto(`/properties/${property.id}/manage?section=${target.section}`);
      const alert = page.getByRole("alert").filter({ hasText: target.failed });
      await expect(alert, target.section).toBeVisible();
      await axe.expectNoViolations({ label: `${target.section} section, failed to load` });
      failing = false;
      await page.getByRole("button", { name: "Retry" }).click();
      await expect(alert).toHaveCount(0);
      await expect(target.loaded(page), target.section).toBeVisible();
      await page.unroute(api);
    }
  });
});

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
