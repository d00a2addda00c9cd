import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { ISLAND_BUNDLES, ISLAND_PAGES } from "../../../client/app/islands/registry";
import { APP_ENTRY, ISLANDS_BOOT_MODULE } from "../../../common/utils/page-scripts";
import { fromRoot } from "../../../server/lib/project-root";
import { DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi, toast } from "../support/accounts";
import { isoDateFromToday } from "../support/dates";
import { browseCards } from "../support/properties";
import { expect, test, waitForApp } from "../support/test";

/**
 * Pages sent as finished HTML: only their interactive parts (islands) run, each hydrated on its own, and no client
 * app or router comes with them. Links from them are ordinary links; the same links inside the signed-in app still
 * change the page without a reload.
 */

type Manifest = Record<string, { file: string }>;
const readManifest = (file: string) =>
  JSON.parse(readFileSync(fromRoot(`dist/client/.vite/${file}`), "utf8")) as Manifest;
/** The client app's build, and the islands' own. */
const appManifest = readManifest("manifest.json");
const islandsManifest = readManifest("islands-manifest.json");
const fileOf = (module: string, manifest: Manifest = appManifest) => {
  const chunk = manifest[module];
  if (!chunk) throw new Error(`${module} is not in the build's manifest`);
  return chunk.file.split("/").pop() as string;
};
/** The islands' query cache with the API client and the session (the "data" group of vite.config.ts). */
const queryCacheFile = Object.values(islandsManifest)
  .map((chunk) => chunk.file.split("/").pop() as string)
  .find((file) => file.startsWith("islands-data-"));
async function scriptsFetched(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    performance
      .getEntriesByType("resource")
      .map((entry) => entry.name)
      .filter((name) => name.endsWith(".js"))
      .map((name) => name.split("/").pop() as string),
  );
}

/** Holds back a script file of the page until the returned function is called: the moment before its code arrives. */
async function holdBack(page: Page, file: string): Promise<() => void> {
  let deliver = () => {};
  const delivered = new Promise<void>((resolve) => {
    deliver = resolve;
  });
  await page.route(`**/${file}`, async (route) => {
    await delivered;
    await route.continue();
  });
  return deliver;
}

/** Marks the current document: the mark survives a change of page in the client app, not a page load. */
async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { documentMark: number }).documentMark = 1;
  });
}
const documentMarked = (page: Page) =>
  page.evaluate(() => (window as unknown as { documentMark?: number }).documentMark === 1);

/** The islands a page declares, through its bundle. */
const islandsOf = (page: string) => {
  const bundle = ISLAND_PAGES[page as keyof typeof ISLAND_PAGES];
  return bundle ? ISLAND_BUNDLES[bundle].islands : undefined;
};

/** A path of each page by its route id, for the pages the server draws. */
const PATHS: Record<string, string> = {
  experiences: "/experiences",
  partnerships: "/partnerships",
  privacy: "/privacy",
  terms: "/terms",
  cookies: "/cookies",
  "not-found": "/no-such-page",
  home: "/",
  browse: "/properties",
  property: "/property/westminster-luxury-flat",
};

test.describe("pages sent as finished HTML", () => {
  test("each page carries exactly the islands it declares, and the others none", async ({ request }) => {
    for (const [page, path] of Object.entries(PATHS)) {
      const html = await (await request.get(path)).text();
      const carried = [...html.matchAll(/data-island="([^"]+)"/g)].map((match) => match[1]);
      const declared = islandsOf(page);
      expect(carried, path).toEqual(declared ?? []);
      // Each island is a root of its own: its ids must not repeat another's, or a label would name the wrong field.
      const ids = [...html.matchAll(/ id="([^"]+)"/g)].map((match) => match[1]);
      expect(
        ids.filter((id, i) => ids.indexOf(id) !== i),
        `${path} repeats ids`,
      ).toEqual([]);
      // One script starts the page: its kind of page's bundle, loaded by the islands' boot script, which takes the
      // place of the client app's entry; a page the app takes over keeps the entry.
      const start = / data-islands="\/assets\/([^"]+)"/.exec(html)?.[1];
      const bundle = ISLAND_PAGES[page as keyof typeof ISLAND_PAGES];
      expect(start, path).toBe(bundle ? fileOf(ISLAND_BUNDLES[bundle].module, islandsManifest) : undefined);
      const firstScripts = [...html.matchAll(/<script type="module" crossorigin src="\/assets\/([^"]+)"/g)];
      expect(
        firstScripts.map((match) => match[1]),
        path,
      ).toEqual([bundle ? fileOf(ISLANDS_BOOT_MODULE, islandsManifest) : fileOf(APP_ENTRY)]);
    }
  });

  test("an island's props written into the page never carry the address's query (a sign-in's one-time token)", async ({
    request,
  }) => {
    const html = await (await request.get("/?auth=success&token=one-time-token-7f3a")).text();
    expect(html).toContain('data-island="site-header"');
    expect(html).not.toContain("one-time-token-7f3a");
  });

  test("/experiences runs its header and its list as islands, and none of the client app's code", async ({ page }) => {
    await page.goto("/experiences");
    const islands = await page
      .locator("[data-island]")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-island")));
    expect(islands).toEqual(islandsOf("experiences"));
    await page.waitForLoadState("networkidle");
    const fetched = await scriptsFetched(page);
    expect(fetched).toContain(fileOf(ISLAND_BUNDLES.experiences.module, islandsManifest));
    // Nothing of the client app is fetched, not even its entry: only the islands' own files, from their boot script.
    const islandFiles = new Set(Object.values(islandsManifest).map((chunk) => chunk.file.split("/").pop()));
    expect(fetched).toContain(fileOf(ISLANDS_BOOT_MODULE, islandsManifest));
    expect(fetched.filter((file) => !islandFiles.has(file))).toEqual([]);
    // Nothing on the page reads data for a signed-out visitor, so the query cache's code is not fetched either.
    expect(queryCacheFile).toBeDefined();
    expect(fetched).not.toContain(queryCacheFile);

    // The list's filter works: two dining experiences, then all six again.
    await page.getByRole("button", { name: "Dining" }).click();
    await expect(page.getByRole("button", { name: "Dining" })).toHaveAttribute("aria-pressed", "true");
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(2);
    await page.getByRole("button", { name: "All" }).click();
    await expect(page.getByRole("main").getByRole("article")).toHaveCount(6);
  });

  test("a save heart's hint loads only when the keyboard or a pointer reaches it; keyboard focus stays on the heart", async ({
    page,
  }) => {
    await page.goto("/properties");
    await waitForApp(page);
    await page.waitForLoadState("networkidle");
    const hintCode = fileOf("components/ui/tooltip-popup.tsx", islandsManifest);
    expect(await scriptsFetched(page)).not.toContain(hintCode);

    const hearts = browseCards(page).getByRole("button", { name: /^Save .+ to favourites$/ });
    // A keyboard user reaches the first heart: the hint's code arrives, the heart keeps focus and shows its hint.
    await hearts.first().focus();
    await expect(page.getByRole("tooltip")).toHaveText("Save to favourites");
    await expect(hearts.first()).toBeFocused();
    expect(await scriptsFetched(page)).toContain(hintCode);
    await page.keyboard.press("Escape");
    await expect(page.getByRole("tooltip")).toHaveCount(0);
    await expect(hearts.first()).toBeFocused();

    // A pointer resting on another heart shows its hint after the delay.
    await hearts.nth(1).hover();
    await hearts.nth(1).hover({ position: { x: 12, y: 12 } });
    await expect(page.getByRole("tooltip")).toHaveText("Save to favourites");
  });

  test("the listing runs its islands and none of the client app's code: dates chosen in the price card stay in the address, and Book Now carries them", async ({
    page,
  }) => {
    await page.goto("/property/westminster-luxury-flat");
    const islands = await page
      .locator("[data-island]")
      .evaluateAll((elements) => elements.map((element) => element.getAttribute("data-island")));
    expect(islands).toEqual(islandsOf("property"));
    await page.waitForLoadState("networkidle");
    const islandFiles = new Set(Object.values(islandsManifest).map((chunk) => chunk.file.split("/").pop()));
    const fetched = await scriptsFetched(page);
    expect(fetched).toContain(fileOf(ISLAND_BUNDLES.listing.module, islandsManifest));
    expect(fetched.filter((file) => !islandFiles.has(file))).toEqual([]);

    await markDocument(page);
    const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
    const [checkIn, checkOut] = [isoDateFromToday(240), isoDateFromToday(243)];
    await card.getByLabel(/^Check-in/).fill(checkIn);
    await card.getByLabel(/^Check-out/).fill(checkOut);
    // Written in place: the same document, no new history entry, and the stay is priced.
    await expect(page).toHaveURL(new RegExp(`checkIn=${checkIn}&checkOut=${checkOut}`));
    expect(await documentMarked(page)).toBe(true);
    await expect(card.getByText(/^(£[\d,.]+ × )?3 nights$/)).toBeVisible();
    // A reload keeps the stay: the server draws the card from the address.
    await page.reload();
    await expect(
      page
        .getByRole("main")
        .getByRole("region", { name: "Price and booking" })
        .getByText(/^(£[\d,.]+ × )?3 nights$/),
    ).toBeVisible();

    const bookNow = page.getByRole("main").getByRole("link", { name: "Book Now" });
    await expect(bookNow).toHaveAttribute(
      "href",
      new RegExp(`^/booking/\\d+\\?checkIn=${checkIn}&checkOut=${checkOut}`),
    );
    await bookNow.click();
    await expect(page).toHaveURL(new RegExp(`/booking/\\d+\\?checkIn=${checkIn}`));
  });

  test("browse's Show more grows the list in place and keeps the count in the address; a changed search starts again from its first page", async ({
    page,
  }) => {
    await page.goto("/properties");
    const cards = page.getByRole("main").getByRole("link", { name: /^View Details & Book: / });
    await expect(cards).toHaveCount(24);
    await markDocument(page);
    await page.getByRole("link", { name: "Show more" }).click();
    await expect(cards).toHaveCount(48);
    await expect(page).toHaveURL(/\/properties\?pages=2$/);
    expect(await documentMarked(page)).toBe(true);
    // The way back from a listing, or a reload, shows as much as the visitor had reached.
    await page.reload();
    await expect(cards).toHaveCount(48);

    await page.getByRole("checkbox", { name: /Verified homes only/ }).check();
    await expect(page).toHaveURL(/\/properties\?verified=true$/);
    await page.reload();
    expect(await cards.count()).toBeLessThanOrEqual(24);
  });

  test("a signed-out visitor's Sign in to contact host comes back to the listing with the stay chosen since the page was drawn", async ({
    page,
  }) => {
    await page.goto("/property/westminster-luxury-flat");
    const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
    const [checkIn, checkOut] = [isoDateFromToday(50), isoDateFromToday(52)];
    await card.getByLabel(/^Check-in/).fill(checkIn);
    await card.getByLabel(/^Check-out/).fill(checkOut);
    await expect(page).toHaveURL(new RegExp(`checkOut=${checkOut}`));
    const signIn = page.getByRole("link", { name: "Sign in to contact host" });
    // The host panel, below the photos and the facts, comes to life as the visitor reaches it.
    await signIn.scrollIntoViewIfNeeded();
    await expect(page.locator('[data-island="listing-host-panel"]')).toHaveAttribute("data-hydrated", "");
    const returnTo = new URL(String(await signIn.getAttribute("href")), "http://site").searchParams.get("returnTo");
    expect(returnTo).toBe(`/property/westminster-luxury-flat?checkIn=${checkIn}&checkOut=${checkOut}`);
  });

  test("on a phone, the home page's featured homes and budget search fetch their code only as the visitor comes near them, and what is typed before it arrives is kept", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const featuredCode = fileOf("app/islands/featured-properties.island.tsx", islandsManifest);
    const budgetCode = fileOf("features/search/components/budget-search.island.tsx", islandsManifest);
    // The budget search's code is held back until the visitor has typed into the form.
    const deliverBudgetCode = await holdBack(page, budgetCode);
    await page.goto("/");
    await page.waitForLoadState("networkidle");
    const atFirst = await scriptsFetched(page);
    expect(atFirst).toContain(fileOf(ISLAND_BUNDLES.home.module, islandsManifest));
    for (const notYet of [featuredCode, budgetCode, queryCacheFile]) expect(atFirst).not.toContain(notYet);
    const featured = page.locator('[data-island="featured-properties"]');
    expect(await featured.getAttribute("data-hydrated")).toBeNull();

    // Near the featured homes, their code and the query cache they read arrive, and they come to life.
    await page.getByRole("heading", { name: "Featured Properties" }).scrollIntoViewIfNeeded();
    await expect(featured).toHaveAttribute("data-hydrated", "");
    expect(await scriptsFetched(page)).toContain(queryCacheFile);

    const budget = page.getByRole("form", { name: "Search by city and budget" });
    await budget.getByLabel("City or borough").fill("Camden");
    const budgetIsland = page.locator('[data-island="budget-search"]');
    expect(await budgetIsland.getAttribute("data-hydrated")).toBeNull();
    deliverBudgetCode();
    await expect(budgetIsland).toHaveAttribute("data-hydrated", "");
    await expect(budget.getByLabel("City or borough")).toHaveValue("Camden");
    // The search goes out with the city typed before the form was live: its state took the visitor's value.
    await budget.getByRole("button", { name: "Show properties" }).click();
    await expect(page).toHaveURL(/\/properties\?.*city=Camden/);
  });

  test("on a phone, browse's results fetch their code when the filters change the search, and then answer it", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const resultsCode = fileOf("app/islands/browse-results.island.tsx", islandsManifest);
    await page.goto("/properties");
    await page.waitForLoadState("networkidle");
    const atFirst = await scriptsFetched(page);
    expect(atFirst).toContain(fileOf(ISLAND_BUNDLES.browse.module, islandsManifest));
    for (const notYet of [resultsCode, queryCacheFile]) expect(atFirst).not.toContain(notYet);
    const results = page.locator('[data-island="browse-results"]');
    const count = results.getByText(/^\d[\d,]*\+? propert(y|ies) found$/);
    const before = await count.textContent();

    // Still below the first screen, the results take the search typed into the filters.
    await page.getByRole("search", { name: "Filter properties" }).getByLabel("Search").fill("garden");
    await expect(page).toHaveURL(/[?&]q=garden/);
    await expect(results).toHaveAttribute("data-hydrated", "");
    expect(await scriptsFetched(page)).toEqual(expect.arrayContaining([resultsCode, queryCacheFile]));
    await expect(count).not.toHaveText(before ?? "");
  });

  test("on a phone, a signed-out visitor's listing answers Save without the query cache, which comes with the price card, and fetches the toaster only for its first toast", async ({
    page,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/property/westminster-luxury-flat");
    await page.waitForLoadState("networkidle");
    expect(await scriptsFetched(page)).not.toContain(queryCacheFile);
    expect(await scriptsFetched(page)).not.toContain(fileOf("app/islands/listing-actions.island.tsx", islandsManifest));
    // The page's idle time passes (this callback runs after any the page asked for) without the toaster's code.
    const toasterCode = fileOf("components/ui/toaster.tsx", islandsManifest);
    await page.evaluate(() => new Promise((done) => requestIdleCallback(() => done(null), { timeout: 3000 })));
    await page.waitForLoadState("networkidle");
    expect(await scriptsFetched(page)).not.toContain(toasterCode);

    const save = page.getByRole("main").getByRole("button", { name: /^Saved?$/ });
    await save.click();
    await expect(toast(page, "Sign in to save properties")).toBeVisible();
    expect(await scriptsFetched(page)).toContain(toasterCode);
    await expect(save).toHaveAttribute("aria-pressed", "false");
    expect(await scriptsFetched(page)).not.toContain(queryCacheFile);

    // The price card reads the stay's quote: near it, the cache arrives and the card comes to life.
    const card = page.locator('[data-island="listing-price-card"]');
    await card.scrollIntoViewIfNeeded();
    await expect(card).toHaveAttribute("data-hydrated", "");
    expect(await scriptsFetched(page)).toContain(queryCacheFile);
  });

  test("a signed-in guest's Contact host, pressed before the host panel's code has arrived, opens the message once it has", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.setViewportSize({ width: 390, height: 844 });
    const hostPanelCode = fileOf("app/islands/listing-host-panel.island.tsx", islandsManifest);
    const deliverCode = await holdBack(page, hostPanelCode);
    await page.goto("/property/westminster-luxury-flat");
    await page.waitForLoadState("networkidle");
    expect(await scriptsFetched(page)).not.toContain(hostPanelCode);

    await page.getByRole("button", { name: "Contact host" }).click();
    expect(await page.locator('[data-island="listing-host-panel"]').getAttribute("data-hydrated")).toBeNull();
    await expect(page.getByRole("dialog")).toHaveCount(0);
    deliverCode();
    await expect(page.getByRole("dialog")).toBeVisible();
    // The press opened the message on the listing; nothing took the visitor elsewhere.
    await expect(page).toHaveURL(/\/property\/westminster-luxury-flat$/);
  });

  test("a header link from such a page loads the next page; inside the signed-in app it changes page without a reload", async ({
    page,
  }) => {
    await page.goto("/experiences");
    await expect(
      page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Experiences" }),
    ).toHaveAttribute("aria-current", "page");
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Partnerships" }).click();
    await expect(page).toHaveURL(/\/partnerships$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    expect(await documentMarked(page)).toBe(false);

    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/dashboard");
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Experiences" }).click();
    await expect(page).toHaveURL(/\/experiences$/);
    await expect(page.getByRole("heading", { level: 1, name: "London Experiences" })).toBeVisible();
    expect(await documentMarked(page)).toBe(true);
  });

  test("signed in, the header island opens the account menu, and Logout signs the visitor out", async ({ page }) => {
    const person = await registerVerifiedGuest(page.request, "islands");
    await page.goto("/partnerships");
    await waitForApp(page);
    // The signed-in header follows the session through the query cache, fetched for this visitor only.
    expect(await scriptsFetched(page)).toContain(queryCacheFile);
    await expect(page.getByRole("link", { name: /^Messages/ })).toBeVisible();
    await page.getByRole("button", { name: new RegExp(person.firstName) }).click();
    await expect(page.getByRole("menuitem", { name: "Logout" })).toBeVisible();
    await page.getByRole("menuitem", { name: "Logout" }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByRole("link", { name: "Sign In" }).first()).toBeVisible();
  });

  test("a signed-in visitor's page whose data code fails to arrive stays as drawn, its links working", async ({
    page: readyPage,
  }) => {
    await signInThroughApi(readyPage.request, DEMO_ACCOUNTS.guest);
    // A page of the same visitor that is not waited on to come to life: this one never will.
    const page = await readyPage.context().newPage();
    await page.route(`**/${queryCacheFile}`, (route) => route.abort());
    const uncaught: string[] = [];
    page.on("pageerror", (error) => uncaught.push(error.message));
    const reported = page.waitForEvent("console", (message) => message.text().includes("could not be loaded"));
    await page.goto("/partnerships");
    await reported;
    expect(uncaught).toEqual([]);
    // The server drew the visitor's header; it is still there, and its links are ordinary links.
    await expect(page.getByRole("button", { name: /Emma/ })).toBeVisible();
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Experiences" }).click();
    await expect(page).toHaveURL(/\/experiences$/);
  });

  test("on a phone the header island's menu opens, closes with Escape, and leads to Sign In", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/privacy");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await menu.getByRole("link", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("inside the app, a phone menu link that changes only the query closes the menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/auth");
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await markDocument(page);
    await menu.getByRole("link", { name: "Get Started" }).click();
    await expect(page).toHaveURL(/\/auth\?tab=register$/);
    await expect(menu).toBeHidden();
    expect(await documentMarked(page)).toBe(true);
  });
});
