import type { ChildProcess } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { exited, freePort, startServerProcess } from "../../support/server-process";
import { startTileServer, type TileServer } from "../../support/tile-server";
import { expect, test } from "../support/test";

/**
 * The browse page's map, with tiles from a local tile server: the run's shared app has no MAP_TILE_URL of ours, so
 * this file starts its own app (demo data, MAP_TILE_URL at the tile server) beside it.
 */

test.describe.configure({ mode: "serial" });

let tiles: TileServer;
let app: { child: ChildProcess; port: number };
let dataDir: string;
let origin: string;

/** Camden Lock and Kentish Town's demo listings, and nothing from another borough, at zoom 14. */
const CAMDEN_LOCK = { latitude: 51.544, longitude: -0.146 };
const CAMDEN_BOX = "-0.1675,51.5300,-0.1250,51.5560";
/** The map opens here at zoom 11. */
const LONDON = { latitude: 51.5074, longitude: -0.1278 };

test.beforeAll(async () => {
  test.setTimeout(180_000);
  tiles = await startTileServer();
  dataDir = await mkdtemp(path.join(tmpdir(), "staylondon-e2e-map-"));
  const port = await freePort();
  origin = `http://127.0.0.1:${port}`;
  app = await startServerProcess(
    {
      DATA_DIR: dataDir,
      SEED_DEMO_DATA: "true",
      RATE_LIMIT_FACTOR: "100",
      PUBLIC_URL: origin,
      MAP_TILE_URL: tiles.tileUrl,
      MAP_ATTRIBUTION: "Test tiles",
    },
    { port, readyWithinMs: 150_000 },
  );
});

test.afterAll(async () => {
  if (app) {
    app.child.kill("SIGTERM");
    await exited(app.child);
  }
  await tiles?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** Web Mercator pixels between two places at a zoom: where a place is drawn relative to the map's centre. */
function pixelOffset(from: typeof LONDON, to: typeof LONDON, zoom: number) {
  const scale = (256 * 2 ** zoom) / 360;
  const y = (lat: number) => (Math.log(Math.tan(Math.PI / 4 + (lat * Math.PI) / 360)) * 180) / Math.PI;
  return { x: (to.longitude - from.longitude) * scale, y: -(y(to.latitude) - y(from.latitude)) * scale };
}

const searchMap = (page: Page) => page.getByRole("region", { name: "Map of the homes found" });
const pins = (page: Page) => searchMap(page).getByRole("button", { name: / a night, / });
const clusters = (page: Page) => searchMap(page).getByRole("button", { name: /homes from .* zoom in/ });
const bboxOf = (page: Page) => new URL(page.url()).searchParams.get("bbox");
// The cards themselves, not the lists of beds and baths inside them.
const cards = (page: Page) => page.getByRole("region", { name: "Results" }).locator(":scope > ul > li");

async function mapAtRest(page: Page) {
  await page.waitForFunction(() => !document.querySelector(".leaflet-zoom-anim, .leaflet-pan-anim"));
}

test.describe("at 1280 by 800", () => {
  test.use({ viewport: { width: 1280, height: 800 } });

  test("the map beside the list draws tiles from MAP_TILE_URL and clusters London's homes", async ({ page, axe }) => {
    await page.goto(`${origin}/properties`);
    await expect(clusters(page).first()).toBeVisible();
    await expect.poll(() => tiles.requested.length).toBeGreaterThan(0);
    expect(tiles.requested.every((tile) => /^\d+\/\d+\/\d+$/.test(tile))).toBe(true);
    // Nothing moved yet: the list is not limited to the map.
    expect(bboxOf(page)).toBeNull();
    await expect(page.getByLabel("Search as I move the map")).toBeChecked();
    await axe.expectNoViolations({ label: "/properties with the map (1280)" });
  });

  test("clicking a cluster zooms in and the list follows the map", async ({ page }) => {
    await page.goto(`${origin}/properties`);
    const cluster = clusters(page).first();
    await expect(cluster).toBeVisible();
    const before = await clusters(page).count();
    await cluster.click();
    await expect.poll(() => bboxOf(page)).not.toBeNull();
    await mapAtRest(page);
    const [west, , east] = (bboxOf(page) ?? "").split(",").map(Number) as [number, number, number];
    // Zoomed in from zoom 11, where the map is about 0.33 degrees wide.
    expect(east - west).toBeLessThan(0.3);
    expect((await pins(page).count()) + (await clusters(page).count())).toBeGreaterThan(0);
    expect(before).toBeGreaterThan(0);
  });

  test("moving the map to Camden lists only Camden's homes, and the pins and cards light each other up", async ({
    page,
  }) => {
    await page.goto(`${origin}/properties`);
    await expect(clusters(page).first()).toBeVisible();
    // The map sits beside the list below the filters: bring it on screen, as a visitor scrolls to it.
    await page.evaluate(() => window.scrollTo(0, 610));
    await expect.poll(async () => (await searchMap(page).boundingBox())?.y ?? 0).toBeLessThan(120);
    const offset = pixelOffset(LONDON, CAMDEN_LOCK, 11);
    // Three double-clicks on Camden Lock: zoom 14 around it. Each zoom keeps the point clicked where it was on the
    // map, but the list's new search may move the map on the page, so the map is measured before each click.
    for (let zoom = 12; zoom <= 14; zoom++) {
      const box = await searchMap(page).boundingBox();
      if (!box) throw new Error("the map has no box");
      const searched = await bboxOf(page);
      await page.mouse.dblclick(box.x + box.width / 2 + offset.x, box.y + box.height / 2 + offset.y);
      await mapAtRest(page);
      // The list searches the new area before the next click.
      await expect.poll(() => bboxOf(page)).not.toBe(searched);
      await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("aria-busy", "false");
    }
    await expect.poll(() => pins(page).count()).toBeGreaterThan(0);
    await expect.poll(() => bboxOf(page)).not.toBeNull();
    // The list follows the map: once the search for the new area is in, every card is a Camden home.
    await expect(page.getByRole("region", { name: "Results" })).toHaveAttribute("aria-busy", "false");
    await expect.poll(() => cards(page).count()).toBeGreaterThan(0);
    await expect
      .poll(async () => (await cards(page).allInnerTexts()).filter((text) => !text.includes("Camden")))
      .toEqual([]);
    const texts = await cards(page).allInnerTexts();
    // One pin per Camden home: none from another borough in view.
    await expect(pins(page)).toHaveCount(texts.length);

    // A card under the pointer lights its pin up; a pin under the pointer lights its card.
    const title = ((await cards(page).first().getByRole("heading").textContent()) ?? "").trim();
    await cards(page).first().hover();
    const pin = searchMap(page).getByRole("button", { name: `a night, ${title}` });
    await expect(pin).toHaveAttribute("data-highlighted", "true");
    await page.mouse.move(0, 0);
    await expect(pin).not.toHaveAttribute("data-highlighted", "true");
    await pin.hover();
    await expect(cards(page).first()).toHaveAttribute("data-highlighted", "true");
    // The pin is a button a keyboard reaches, and it opens the listing.
    await pin.focus();
    await page.keyboard.press("Enter");
    await expect(page).toHaveURL(/\/property\/\d+/);
  });

  test("a shared link with a bbox opens the map on that area and lists only what is in it", async ({ page }) => {
    await page.goto(`${origin}/properties?bbox=${CAMDEN_BOX}`);
    await expect.poll(() => pins(page).count()).toBeGreaterThan(0);
    const texts = await cards(page).allInnerTexts();
    expect(texts.length).toBeGreaterThan(0);
    for (const text of texts) expect(text).toContain("Camden");
    // Opening on the area is not the visitor moving the map: the link's area stays as it was.
    await mapAtRest(page);
    expect(bboxOf(page)).toBe(CAMDEN_BOX);
    for (const label of await pins(page).evaluateAll((buttons) => buttons.map((b) => b.getAttribute("aria-label"))))
      expect(label).toMatch(/^£[\d,.]+ a night, .+/);
  });
});

test.describe("at 390 by 844", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("a phone shows the list first and loads the map only when asked", async ({ page, axe }) => {
    await page.goto(`${origin}/properties`);
    await expect(cards(page).first()).toBeVisible();
    await expect(page.locator(".leaflet-container")).toHaveCount(0);
    await axe.expectNoViolations({ label: "/properties list (390)" });
    await page.getByRole("button", { name: "Map", exact: true }).click();
    await expect(clusters(page).first()).toBeVisible();
    await expect(cards(page).first()).toBeHidden();
    await axe.expectNoViolations({ label: "/properties map (390)" });
    await page.getByRole("button", { name: "List", exact: true }).click();
    await expect(cards(page).first()).toBeVisible();
  });
});
