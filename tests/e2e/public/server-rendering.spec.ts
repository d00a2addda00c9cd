import http from "node:http";
import type { APIRequestContext, Page } from "@playwright/test";
import { classesInMarkup, indexStyles, usableRules } from "../../../server/lib/page-styles";
import { DEMO_ACCOUNTS, signInThroughApi } from "../support/accounts";
import { isoDateFromToday } from "../support/dates";
import { expect, test } from "../support/test";

/**
 * The public pages arrive drawn by the server: the HTML alone holds the page's text, its price, the tags
 * search engines and link previews read, and the data the browser then takes the page over with, so
 * the page is there before any JavaScript runs and hydrates, keeping that HTML, without a warning or a second request.
 */

const LISTING = "westminster-luxury-flat";

type Listing = {
  id: number;
  slug: string;
  title: string;
  description: string;
  /** The nightly price with the service fee in it: the price every page shows first. */
  allInPricePerNight: string;
  reviewCount: number;
};

async function listing(request: APIRequestContext, ref: string): Promise<Listing> {
  const response = await request.get(`/api/properties/${ref}`);
  expect(response.status()).toBe(200);
  return response.json();
}

async function html(request: APIRequestContext, path: string, status = 200) {
  const response = await request.get(path, { maxRedirects: 0 });
  expect(response.status(), `${path} answers ${status}`).toBe(status);
  expect(response.headers()["content-type"]).toMatch(/^text\/html/);
  return response.text();
}

const metaContent = (page: string, key: string) =>
  new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(page)?.[1];
const canonical = (page: string) => /<link rel="canonical" href="([^"]+)"/.exec(page)?.[1];
const structuredData = (page: string) => {
  const json = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(page)?.[1];
  return json === undefined ? undefined : JSON.parse(json);
};
const visibleText = (page: string) =>
  page
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<[^>]+>/g, " ")
    .replace(/&amp;/g, "&")
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/\s+/g, " ");
const pounds = (amount: string) => {
  const value = Number.parseFloat(amount);
  return `£${Number.isInteger(value) ? value.toLocaleString("en-GB") : value.toLocaleString("en-GB", { minimumFractionDigits: 2 })}`;
};

test.describe("pages fetched without JavaScript", () => {
  test("a listing's page holds its title, text, price, head tags and valid JSON-LD under both addresses", async ({
    request,
  }) => {
    const property = await listing(request, LISTING);
    for (const path of [`/property/${LISTING}`, `/properties/${property.id}`]) {
      const page = await html(request, path);
      expect(page).toContain(`<title>${property.title} · StayLondon</title>`);
      const text = visibleText(page);
      expect(text).toContain(property.title);
      expect(text).toContain(property.description.replace(/\s+/g, " ").slice(0, 80));
      expect(text).toContain(pounds(property.allInPricePerNight));
      expect(metaContent(page, "description")).toContain(pounds(property.allInPricePerNight));
      // Both addresses name one canonical page, the slug's.
      expect(canonical(page)).toMatch(new RegExp(`/property/${LISTING}$`));
      expect(metaContent(page, "og:title")).toBe(`${property.title} · StayLondon`);
      expect(metaContent(page, "og:image")).toMatch(/^https?:\/\/.+\/media\//);
      expect(metaContent(page, "twitter:card")).toBe("summary_large_image");
      expect(metaContent(page, "robots")).toBeUndefined();
      expect(page).toMatch(/<link rel="preload" as="image" href="\/media\/[^"]+"[^>]* fetchpriority="high">/);

      const data = structuredData(page);
      expect(data["@type"]).toBe("Accommodation");
      expect(data.name).toBe(property.title);
      expect(data.offers).toMatchObject({ "@type": "Offer", priceCurrency: "GBP" });
      expect(Number(data.offers.price)).toBe(Number(property.allInPricePerNight));
      if (property.reviewCount > 0) {
        expect(data.aggregateRating).toMatchObject({ "@type": "AggregateRating", reviewCount: property.reviewCount });
      } else {
        expect(data.aggregateRating).toBeUndefined();
      }
      // The data the page was drawn from goes with it, for the browser to take the page over.
      const state = /<script type="application\/json" id="server-state"[^>]*>([\s\S]*?)<\/script>/.exec(page)?.[1];
      expect(JSON.parse(state ?? "null")?.queries?.queries?.length).toBeGreaterThan(0);
      expect(page).not.toContain("needs JavaScript");
    }
  });

  test("the home, browse, experiences and partnerships pages hold their content and head tags", async ({ request }) => {
    const featured = (await (await request.get("/api/properties?pageSize=6")).json()) as Listing[];
    const home = await html(request, "/");
    expect(home).toContain("<title>StayLondon · Premium serviced accommodation in London</title>");
    expect(visibleText(home)).toContain("Find Your Perfect London Stay");
    expect(visibleText(home)).toContain(featured[0]?.title);
    expect(canonical(home)).toMatch(/\/$/);
    expect(structuredData(home)["@type"]).toBe("WebSite");

    const camden = (await (await request.get("/api/properties?city=Camden&pageSize=24")).json()) as Listing[];
    expect(camden.length).toBeGreaterThan(0);
    const browse = await html(request, "/properties?city=Camden");
    expect(browse).toContain("<title>Properties in Camden · StayLondon</title>");
    for (const item of camden) expect(visibleText(browse)).toContain(item.title);
    expect(canonical(browse)).toMatch(/\/properties\?city=Camden$/);
    const list = structuredData(browse);
    expect(list["@type"]).toBe("ItemList");
    expect(list.itemListElement).toHaveLength(camden.length);

    for (const [path, title, heading] of [
      ["/experiences", "Experiences · StayLondon", "Experiences"],
      ["/partnerships", "Partnerships · StayLondon", "Partnerships"],
    ] as const) {
      const page = await html(request, path);
      expect(page).toContain(`<title>${title}</title>`);
      expect(visibleText(page)).toContain(heading);
      expect(metaContent(page, "description")?.length).toBeGreaterThan(50);
      expect(canonical(page)).toMatch(new RegExp(`${path}$`));
    }
  });

  test("an unknown listing or page answers 404 with its not-found page, which is not indexed", async ({ request }) => {
    for (const path of ["/property/no-such-listing-anywhere", "/properties/99999999", "/property/Not_A_Slug!"]) {
      const page = await html(request, path, 404);
      expect(visibleText(page)).toContain("Property Not Found");
      expect(metaContent(page, "robots")).toBe("noindex");
    }
    const page = await html(request, "/no-such-page/at-all", 404);
    expect(visibleText(page)).toContain("404 Page Not Found");
    expect(metaContent(page, "robots")).toBe("noindex");
  });

  test("the canonical and preview addresses stay on this site whatever the request's path looks like", async ({
    baseURL,
  }) => {
    // Sent as it is (a browser or Playwright would read the path as another host).
    const page = await new Promise<string>((resolve, reject) => {
      const site = new URL(baseURL ?? "");
      const sent = http.get(
        { host: site.hostname, port: site.port, path: "//elsewhere.example/properties?city=Camden" },
        (response) => {
          let body = "";
          response.setEncoding("utf8");
          response.on("data", (chunk) => {
            body += chunk;
          });
          response.on("end", () => resolve(body));
        },
      );
      sent.on("error", reject);
    });
    expect(canonical(page)).toBeDefined();
    for (const address of [canonical(page), metaContent(page, "og:url")]) {
      expect(new URL(address ?? "").origin).toBe(new URL(baseURL ?? "").origin);
    }
  });

  test("sign-in and signed-in pages are drawn in the browser and say noindex", async ({ request }) => {
    for (const path of ["/auth", "/dashboard", "/bookings", "/landlord/properties", "/admin/users"]) {
      const page = await html(request, path);
      expect(metaContent(page, "robots"), path).toBe("noindex");
      expect(page).not.toContain('id="server-state"');
    }
  });

  test("a drawn page asks for no code before it is painted but names its own; a page drawn in the browser preloads the app", async ({
    request,
  }) => {
    const preloads = (page: string) =>
      [...page.matchAll(/<link rel="modulepreload"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
    const listingPage = await html(request, `/property/${LISTING}`);
    const named = /id="server-state" data-page-scripts="([^"]*)"/.exec(listingPage)?.[1]?.split(" ") ?? [];
    // The listing's islands come as one bundle, from the islands' own build.
    expect(named.find((file) => /\/assets\/islands-listing-[\w-]+\.js$/.test(file))).toBeDefined();
    for (const file of named) {
      const response = await request.get(file, { headers: { "accept-encoding": "br, gzip" } });
      expect(response.status(), file).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/javascript/);
      // Compressed once by the build, not on each request; tiny files go as they are.
      if (Number(response.headers()["content-length"]) > 1024)
        expect(response.headers()["content-encoding"]).toBe("br");
    }
    // Only the islands' boot script of about a kilobyte loads before the paint; the page's code is not preloaded.
    expect(preloads(listingPage).filter((file) => named.includes(file))).toEqual([]);

    const shell = await html(request, "/auth");
    expect(preloads(shell).find((file) => /\/assets\/start-[\w-]+\.js$/.test(file))).toBeDefined();
  });

  test("a drawn page carries in itself the site's styles its classes can use; a page drawn in the browser links the whole cached stylesheet", async ({
    request,
  }) => {
    const stylesheets = (page: string) =>
      [...page.matchAll(/<link rel="stylesheet"[^>]*href="([^"]+)"/g)].map((m) => m[1] ?? "");
    const shell = await html(request, "/auth");
    const [sheet] = stylesheets(shell).filter((file) => /\/assets\/index-[\w-]+\.css$/.test(file));
    expect(sheet).toBeDefined();
    const whole = indexStyles(await (await request.get(sheet ?? "")).text());
    for (const [path, status] of [
      ["/", 200],
      ["/properties", 200],
      [`/property/${LISTING}`, 200],
      ["/no-such-page", 404],
    ] as const) {
      const page = await html(request, path, status);
      expect(stylesheets(page), path).not.toContain(sheet);
      const inline = [...page.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((m) => m[1] ?? "");
      expect(inline, path).toHaveLength(1);
      const styles = inline[0] ?? "";
      // Every rule the page's markup can use is there, and the rules of classes the page never shows are not.
      const inMarkup = classesInMarkup(page);
      const needed = usableRules(whole, (n) => inMarkup.has(whole.classes[n] as string));
      expect(
        needed.filter((rule) => !styles.includes(rule)),
        path,
      ).toEqual([]);
      expect(
        usableRules(whole, () => true).length - usableRules(indexStyles(styles), () => true).length,
        path,
      ).toBeGreaterThan(200);
    }
  });

  test("a signed-in visitor is sent on from the home page by the server itself", async ({ request }) => {
    await signInThroughApi(request, DEMO_ACCOUNTS.guest);
    const response = await request.get("/", { maxRedirects: 0 });
    expect(response.status()).toBe(302);
    expect(response.headers().location).toBe("/dashboard");
  });
});

test.describe("with JavaScript switched off", () => {
  test.use({ javaScriptEnabled: false });

  test("a listing can be read: its title, photo and price are on the page", async ({ page, request }) => {
    const property = await listing(request, LISTING);
    await page.goto(`/property/${LISTING}`);
    await expect(page.getByRole("heading", { level: 1, name: property.title })).toBeVisible();
    await expect(page.getByText(pounds(property.allInPricePerNight)).first()).toBeVisible();
    await expect(page.locator("main img").first()).toHaveJSProperty("complete", true);
    // Its islands are drawn too: the price card's Book Now, the host panel's way in, the reviews.
    await expect(page.getByRole("main").getByRole("link", { name: "Book Now" })).toHaveAttribute(
      "href",
      `/booking/${property.id}?adults=1`,
    );
    await expect(page.getByRole("link", { name: "Sign in to contact host" })).toHaveAttribute(
      "href",
      `/auth?returnTo=${encodeURIComponent(`/property/${LISTING}`)}`,
    );
    await expect(page.getByRole("heading", { level: 2, name: "Reviews" })).toBeVisible();
  });

  test("a listing opened with a stay in its address draws that stay in its price card", async ({ page }) => {
    const [checkIn, checkOut] = [isoDateFromToday(260), isoDateFromToday(262)];
    await page.goto(`/property/${LISTING}?checkIn=${checkIn}&checkOut=${checkOut}&adults=2`);
    const card = page.getByRole("main").getByRole("region", { name: "Price and booking" });
    await expect(card.getByLabel(/^Check-in/)).not.toHaveValue("");
    await expect(card.getByRole("link", { name: "Book Now" })).toHaveAttribute(
      "href",
      new RegExp(`\\?checkIn=${checkIn}&checkOut=${checkOut}&.*adults=2`),
    );
  });

  test("browse lists every property of the search with its price and link, one more page per Show more", async ({
    page,
    request,
  }) => {
    const all: Array<{ id: number; title: string; allInPricePerNight: string }> = [];
    for (let n = 1; ; n++) {
      const items = await (await request.get(`/api/properties?page=${n}&pageSize=24`)).json();
      all.push(...items);
      if (items.length < 24) break;
    }
    expect(all.length, "the demo data fills more than two pages").toBeGreaterThan(48);
    const cards = page.getByRole("main").getByRole("link", { name: /^View Details & Book: / });

    await page.goto("/properties");
    for (let pages = 1; ; pages++) {
      const expected = all.slice(0, pages * 24);
      await expect(cards).toHaveCount(expected.length);
      expect(await cards.evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(
        expected.map((property) => `/property/${property.id}`),
      );
      // Each card shows its all-in nightly price.
      const cardTexts = await cards.evaluateAll((links) => links.map((link) => link.closest("li")?.textContent ?? ""));
      for (const [i, property] of expected.entries()) {
        expect(cardTexts[i], property.title).toContain(pounds(property.allInPricePerNight));
      }
      const more = page.getByRole("link", { name: "Show more" });
      if (expected.length === all.length) {
        await expect(more).toHaveCount(0);
        break;
      }
      await more.click();
      await expect(page).toHaveURL(new RegExp(`/properties\\?pages=${pages + 1}$`));
    }

    // A count that is not one draws the first page; a huge one, no more than the bound.
    for (const [pages, shown] of [
      ["oops", 24],
      ["-3", 24],
      ["1e9", all.length],
    ] as const) {
      const response = await page.goto(`/properties?pages=${pages}`);
      expect(response?.status(), pages).toBe(200);
      await expect(cards, pages).toHaveCount(Math.min(shown, 240));
    }
  });

  test("the home page's searches work as plain forms, leading to the results the server draws", async ({ page }) => {
    await page.goto("/");
    const search = page.getByRole("form", { name: "Search properties" });
    await search.getByLabel("Where").fill("Camden");
    // Without JavaScript the fields send the days as typed, the British way; the server writes them as dates.
    const [checkIn, checkOut] = [isoDateFromToday(30), isoDateFromToday(33)];
    const british = (day: string) => day.split("-").reverse().join("/");
    await search.getByLabel(/^Check-in/).fill(british(checkIn));
    await search.getByLabel(/^Check-out/).fill(british(checkOut));
    await search.getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/properties\\?city=Camden&checkIn=${checkIn}&checkOut=${checkOut}$`));
    await expect(page).toHaveTitle("Properties in Camden · StayLondon");
    await expect(page.getByText("Your dates:")).toBeVisible();

    await page.goto("/");
    const budget = page.getByRole("form", { name: "Search by city and budget" });
    await budget.getByLabel("City or borough").fill("Camden");
    await budget.getByRole("button", { name: "Show properties" }).click();
    await expect(page).toHaveURL(/\/properties\?city=Camden&maxPrice=\d+$/);
    await expect(page).toHaveTitle("Properties in Camden · StayLondon");
  });
});

/** Console errors and warnings while the page loads and React takes it over; a 404 page's own status is not one. */
function watchConsole(page: Page): string[] {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() !== "error" && message.type() !== "warning") return;
    if (/Failed to load resource: the server responded with a status of 404/.test(message.text())) return;
    problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on("pageerror", (error) => problems.push(`page error: ${error.message}`));
  return problems;
}

/**
 * Marks every element of the server's HTML before any script runs (module scripts run once the document is
 * parsed), so that after hydration we can count how many of them the page still uses. A renderer that reports
 * no mismatch (Preact's production build reports none) could otherwise throw the server's HTML away and draw
 * the page again unnoticed.
 */
async function markServerElements(page: Page) {
  await page.addInitScript(() => {
    document.addEventListener("readystatechange", () => {
      if (document.readyState !== "interactive") return;
      const elements = document.querySelectorAll("#root *");
      for (const element of elements) (element as Element & { fromServer?: boolean }).fromServer = true;
      (window as Window & { serverElements?: number }).serverElements = elements.length;
    });
  });
}

/** How many of the server's elements the page has dropped, out of how many it had. */
function replacedServerElements(page: Page): Promise<{ marked: number; replaced: number }> {
  return page.evaluate(() => {
    const marked = (window as Window & { serverElements?: number }).serverElements ?? 0;
    const kept = [...document.querySelectorAll("#root *")].filter(
      (element) => (element as Element & { fromServer?: boolean }).fromServer,
    ).length;
    return { marked, replaced: marked - kept };
  });
}

/**
 * The page is React's once its header menu button answers a click. The phone's menu needs a phone's width from
 * the start: narrowing a wide page later races the browse map, which asks for its pins once its code is in.
 */
async function expectInteractive(page: Page) {
  const menu = page.getByRole("button", { name: "Open menu" });
  await menu.click();
  await expect(page.getByRole("button", { name: "Close menu" })).toBeVisible();
}

/** Scrolls the page from top to bottom, so that the islands below the fold come to life too, and waits for all. */
async function bringEveryIslandToLife(page: Page) {
  await page.evaluate(async () => {
    for (let top = 0; top < document.documentElement.scrollHeight; top += 400) {
      window.scrollTo(0, top);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
  });
  await expect(page.locator("[data-island]:not([data-hydrated])")).toHaveCount(0);
}

const PHONE = { width: 390, height: 844 };

const PUBLIC_PAGES = [
  "/",
  "/properties",
  "/properties?city=Camden&maxPrice=400",
  `/property/${LISTING}`,
  "/experiences",
  "/partnerships",
  "/property/no-such-listing-anywhere",
  "/no-such-page",
];

test.describe("on a slow connection", () => {
  test("a first visit's page lets its main photo arrive before the fonts and the code, keeps the local fonts to its end, and the next page starts in the site's typefaces", async ({
    browser,
    baseURL,
    request,
  }) => {
    // A page of its own: the suite's pages wait for the app after each visit, and here the app must wait.
    const context = await browser.newContext({ baseURL });
    const page = await context.newPage();
    const [mainPhoto] = ((await listing(request, LISTING)) as Listing & { images: string[] }).images;
    expect(mainPhoto).toBeDefined();
    const photoStem = (mainPhoto as string).replace(/\.webp$/, "");
    let releasePhoto = () => {};
    const photoHeld = new Promise<void>((resolve) => {
      releasePhoto = resolve;
    });
    await page.route(
      (url) => url.pathname.startsWith(photoStem),
      async (route) => {
        await photoHeld;
        await route.continue();
      },
    );
    const fetched: string[] = [];
    page.on("request", (sent) => fetched.push(new URL(sent.url()).pathname));
    const isCodeOrFont = (path: string) => /\/assets\/start-[\w-]+\.js$|\.woff2$/.test(path);

    await page.goto(`/property/${LISTING}`, { waitUntil: "domcontentloaded" });
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    // Two frames and a task after the text is on screen: the moment the code would otherwise be sent for.
    await page.evaluate(
      () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(done, 0)))),
    );
    expect(fetched.filter(isCodeOrFont)).toEqual([]);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Fallback"/);

    releasePhoto();
    await expect(page.locator("html")).toHaveAttribute("data-app-ready", "");
    // The typefaces are fetched for later; this page is not restyled with them.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("staylondon.web-fonts"))).toBe("1");
    expect(fetched.filter((path) => path.endsWith(".woff2")).length).toBeGreaterThan(0);
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-web-fonts"))).toBe(false);
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Fallback"/);

    // The next page uses them from its start, from the cache, before its photo or its code.
    await page.reload({ waitUntil: "domcontentloaded" });
    await expect(page.locator("html")).toHaveAttribute("data-web-fonts", "");
    expect(await page.evaluate(() => getComputedStyle(document.body).fontFamily)).toMatch(/^"Inter Variable"/);
    await expect.poll(() => page.evaluate(() => document.fonts.check('1em "Inter Variable"'))).toBe(true);
    await context.close();
  });
});

test.describe("hydration", () => {
  for (const path of PUBLIC_PAGES) {
    test(`${path} hydrates without a warning, keeping the server's HTML, and without asking again for its data`, async ({
      page,
    }) => {
      const problems = watchConsole(page);
      const apiCalls: string[] = [];
      page.on("request", (request) => {
        const url = new URL(request.url());
        if (url.pathname.startsWith("/api/")) apiCalls.push(url.pathname + url.search);
      });
      await markServerElements(page);
      await page.setViewportSize(PHONE);
      await page.goto(path);
      await expectInteractive(page);
      await bringEveryIslandToLife(page);
      await page.waitForLoadState("networkidle");
      expect(problems).toEqual([]);
      expect(apiCalls).toEqual([]);
      // Taken over, not drawn again: the server's elements stay. A few change with the page's state (opening the
      // menu swaps its icon); drawing the page again would replace all of them, at least 70 on the smallest page.
      const { marked, replaced } = await replacedServerElements(page);
      expect(marked).toBeGreaterThan(50);
      expect(replaced).toBeLessThanOrEqual(10);
    });
  }

  // Signed in, the page's lists (saved homes, unread messages) arrive while it comes to life and update it.
  for (const { width, signedIn } of [
    { width: 1280, signedIn: true },
    { width: 390, signedIn: false },
  ]) {
    test(`nothing on the public pages moves once they have come to life, ${width} wide, ${signedIn ? "signed in" : "signed out"}`, async ({
      page,
    }) => {
      if (signedIn) await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
      await page.setViewportSize({ width, height: 844 });
      // Shifts the visitor did not cause, as the browser scores them (cumulative layout shift), each marked with
      // whether the page's buttons already worked: a shift then moves a button from under a finger or a pointer.
      await page.addInitScript(() => {
        const shifts: { value: number; live: boolean }[] = [];
        (window as Window & { layoutShifts?: typeof shifts }).layoutShifts = shifts;
        new PerformanceObserver((list) => {
          const live = document.documentElement.hasAttribute("data-app-ready");
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) {
            if (!entry.hadRecentInput) shifts.push({ value: entry.value, live });
          }
        }).observe({ type: "layout-shift", buffered: true });
      });
      // A signed-in visitor's home page is their dashboard, drawn in the browser.
      for (const path of PUBLIC_PAGES.filter((path) => !signedIn || path !== "/")) {
        await page.goto(path);
        await page.waitForLoadState("networkidle");
        const shifts = await page.evaluate(
          () => (window as Window & { layoutShifts?: { value: number; live: boolean }[] }).layoutShifts ?? [],
        );
        const sum = (list: { value: number }[]) => list.reduce((total, shift) => total + shift.value, 0);
        // Before the page is live only the typefaces swap in, drawn meanwhile in local fonts sized like them:
        // well inside what the browser calls good (0.1).
        expect(sum(shifts), `layout shift on ${path}`).toBeLessThan(0.05);
        expect(sum(shifts.filter((shift) => shift.live)), `layout shift on ${path} once live`).toBeLessThan(0.001);
      }
    });
  }

  // A listing's islands read data anyway; a header-only page fetches the query cache for a signed-in visitor alone.
  test("a signed-in guest's pages are drawn with their header and hydrate cleanly", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    const problems = watchConsole(page);
    await page.setViewportSize(PHONE);
    for (const path of [`/property/${LISTING}`, "/partnerships", "/experiences"]) {
      const response = await page.goto(path);
      expect(await response?.text(), path).toContain("Logout");
      await expectInteractive(page);
      await bringEveryIslandToLife(page);
      await page.waitForLoadState("networkidle");
      expect(problems, path).toEqual([]);
    }
  });
});
