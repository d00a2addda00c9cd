/**
 * The weight of each server-rendered page's first download: every script the browser needs before the
 * page is interactive (the entry, the app it starts, the page's own module, and everything they import
 * statically; not what a page fetches later, as a visitor comes near a part below the fold or signs in),
 * compressed as it is sent (gzip -9). Run after `npm run build` (npm test does):
 *   npx tsx scripts/check-page-weight.ts [--json]
 *
 * The goal is PAGE_SCRIPT_BUDGET_KB for every public page. Pages not yet there are held at a ceiling
 * (CEILINGS_KB) so they cannot grow while the work to bring them down goes on: the check fails when a
 * page passes its ceiling, or a page within the budget leaves it.
 */
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { ISLAND_BUNDLES, ISLAND_PAGES } from "../client/app/islands/registry";
import { SERVER_RENDERED_PAGES, type ServerRenderedPage } from "../client/app/routes";
import { APP_ENTRY, APP_START_MODULE, ISLANDS_BOOT_MODULE } from "../common/utils/page-scripts";

/** Compressed kilobytes of JavaScript a public page may need before it is interactive. */
export const PAGE_SCRIPT_BUDGET_KB = 90;
/** What an island page's head fetches before the page may start its islands. */
const BOOT_SCRIPT_BUDGET_KB = 2;

/**
 * Over the budget today, and not allowed to grow: lower a ceiling when a page gets lighter, and remove the page once
 * it is within the budget. A change that must add weight raises the ceiling in its own commit, with the measured
 * figure and why (git log keeps the history; decision 046 has the current breakdown).
 *
 * What a page sent as finished HTML still needs: React DOM, React and the scheduler (about 64 KB, React's floor),
 * the class-name merger the shared buttons use (4.9 KB) and the header (4 KB). Pages whose islands read data (home,
 * browse, the listing) add TanStack Query with the session and the API client (11.6 KB) and their islands; the
 * header's pages and Experiences read none for a signed-out visitor, and are within the budget (a signed-in
 * visitor's header fetches the cache and the account's code once the page has loaded: decision 046). The
 * positioning library behind tooltips loads on the first hover or focus of a control with a hint, and the price
 * slider is the browser's own range input: together 25.6 KB off home and browse. The avatar is drawn without script:
 * 2.3 KB off every page. Each page's islands come as one bundle (decision 046): 8.2-8.8 KB off home, browse and the
 * listing, and 2.6 KB off the header's pages, against one file per island. The roles' access table is fetched only
 * where a page needs it (the listing's reviews, a landlord's phone check): 1.2-1.4 KB off the other pages, and 0.3
 * KB on the listing for its file of its own. Islands below the fold on a phone (home's featured homes and budget
 * search, the listing's price card, host and reviews) fetch their code as the visitor comes near them, and home's
 * query cache with the featured homes: home 114.2 to 95.5 KB, the listing 122.5 to 104.2. Browse shares the cards'
 * and the stay fields' code with them, now loaded apart, so that code is split into smaller files: 3.1 KB more on
 * browse. A signed-out visitor's Save on the listing answers without the session's and the saved list's code, so
 * the listing waits for the query cache until its price card: 104.2 to 91.3 KB. What Save says to someone who
 * cannot save yet is the one piece browse shares with it, a file of its own: 0.5 KB more on browse. A page sent as
 * finished HTML starts from the islands' own boot script rather than the client app's entry, which carries Vite's
 * preload helper and the bundler's runtime for loading the app: 2 KB off every such page, the listing to 89.3. The
 * class-name merger works from a table of the class groups the app uses (client/lib/class-groups.ts) instead of its
 * default table of all of Tailwind: 8.5 to 4.9 KB, home to 89.8 and within the budget. Browse is three islands
 * (the stay under the heading, the filters, the results with the map), and a phone's results come as the visitor
 * nears them or the filters change the search: 119.2 to 97. What a set of pages needs first is one file
 * (scripts/island-chunks.ts) rather than the bundler's 8-24 small ones, each compressed alone: browse 97 to 91.3, home
 * 86.6, the listing 82.8, the header's pages 79.6. The button's slot and lucide's icon drawing are the project's own,
 * 1.7 KB off every page: browse 89.8, within the budget with every other page.
 */
const CEILINGS_KB: Partial<Record<ServerRenderedPage, number>> = {};

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[] };

const clientDir = path.resolve(import.meta.dirname, "../dist/client");
const manifestFile = path.join(clientDir, ".vite/manifest.json");
if (!existsSync(manifestFile)) {
  console.error("dist/client/.vite/manifest.json is missing: run `npm run build` first");
  process.exit(1);
}
type Manifest = Record<string, ManifestChunk>;
const manifest = JSON.parse(readFileSync(manifestFile, "utf8")) as Manifest;
/** The islands' own build (decision 046), beside the client app's. */
const islandsManifestFile = path.join(clientDir, ".vite/islands-manifest.json");
if (!existsSync(islandsManifestFile)) {
  console.error("dist/client/.vite/islands-manifest.json is missing: run `npm run build` first");
  process.exit(1);
}
const islandsManifest = JSON.parse(readFileSync(islandsManifestFile, "utf8")) as Manifest;

function withStaticImports(key: string, into = new Set<string>(), from: Manifest = manifest): Set<string> {
  const chunk = from[key];
  if (!chunk) throw new Error(`${key} is not in the build's manifest (a page or an island names a moved file?)`);
  if (into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const imported of chunk.imports ?? []) withStaticImports(imported, into, from);
  return into;
}

const gzipped = (file: string) => gzipSync(readFileSync(path.join(clientDir, file)), { level: 9 }).length;

/**
 * A page sent as finished HTML needs the islands' boot script and its bundle of islands; any other server-drawn page,
 * the client app's entry, the app and its route's module.
 */
function firstLoadFiles(page: ServerRenderedPage, module: string): Set<string> {
  const bundle = ISLAND_PAGES[page];
  if (!bundle) return withStaticImports(module, withStaticImports(APP_START_MODULE, withStaticImports(APP_ENTRY)));
  const files = withStaticImports(ISLANDS_BOOT_MODULE, new Set(), islandsManifest);
  return withStaticImports(ISLAND_BUNDLES[bundle].module, files, islandsManifest);
}

const rows = (Object.entries(SERVER_RENDERED_PAGES) as Array<[ServerRenderedPage, string]>).map(([page, module]) => {
  const files = firstLoadFiles(page, module);
  const bytes = [...files].reduce((sum, file) => sum + gzipped(file), 0);
  const kb = Math.round((bytes / 1024) * 10) / 10;
  const limit = CEILINGS_KB[page] ?? PAGE_SCRIPT_BUDGET_KB;
  return { page, module, files: files.size, kb, limit, withinBudget: kb <= PAGE_SCRIPT_BUDGET_KB, ok: kb <= limit };
});

if (process.argv.includes("--json")) {
  console.log(JSON.stringify({ budgetKb: PAGE_SCRIPT_BUDGET_KB, pages: rows }, null, 2));
} else {
  for (const row of rows) {
    const state = !row.ok
      ? "FAIL"
      : row.withinBudget
        ? "ok"
        : `over the ${PAGE_SCRIPT_BUDGET_KB} KB goal, held at ${row.limit}`;
    console.log(
      `${row.page.padEnd(16)} ${String(row.kb).padStart(6)} KB in ${String(row.files).padStart(2)} files  ${state}`,
    );
  }
}
// The boot script and what it imports are fetched from the page's head, at a high priority, ahead of the hero photo:
// React there made a phone's first paint 0.5 s later in Lighthouse. The bundle comes once the page allows.
const bootKb = [...withStaticImports(ISLANDS_BOOT_MODULE, new Set(), islandsManifest)].reduce(
  (sum, file) => sum + gzipped(file) / 1024,
  0,
);
if (bootKb > BOOT_SCRIPT_BUDGET_KB) {
  console.error(
    `The islands' boot script and its imports are ${bootKb.toFixed(1)} KB, over ${BOOT_SCRIPT_BUDGET_KB} KB`,
  );
  process.exit(1);
}
// What every island page may load later (a signed-in visitor's header menu, the toaster) must not need a file made for
// some pages' first download: a signed-in visitor would fetch browse's filters on every page (scripts/island-chunks.ts).
const islandFirstLoads = Object.values(ISLAND_BUNDLES).map((bundle) =>
  withStaticImports(bundle.module, withStaticImports(ISLANDS_BOOT_MODULE, new Set(), islandsManifest), islandsManifest),
);
const onEveryPage = new Set(
  [...(islandFirstLoads[0] ?? [])].filter((file) => islandFirstLoads.every((s) => s.has(file))),
);
// A file made for some pages' first download: a bundle's own, or one the islands' build names for the pages needing it.
const madeForSomePages = new Set(
  islandFirstLoads
    .flatMap((files) => [...files])
    .filter((file) => !onEveryPage.has(file) && /\/islands-first-/.test(file))
    .concat(Object.values(ISLAND_BUNDLES).map((bundle) => islandsManifest[bundle.module]?.file ?? "")),
);
/** Every file a lazy import may bring, its own lazy imports followed too (the header menu's account dialog). */
function everythingLoadedBy(key: string, into = new Set<string>()): Set<string> {
  const chunk = islandsManifest[key];
  if (!chunk || into.has(chunk.file)) return into;
  into.add(chunk.file);
  for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) everythingLoadedBy(next, into);
  return into;
}
for (const chunk of Object.values(islandsManifest).filter((chunk) => onEveryPage.has(chunk.file)))
  for (const lazy of chunk.dynamicImports ?? []) {
    const borrowed = [...everythingLoadedBy(lazy)].filter((file) => madeForSomePages.has(file));
    if (borrowed.length > 0) {
      console.error(
        `${lazy}, which any island page may load, needs files of some pages' first load: ${borrowed.join(", ")}`,
      );
      process.exit(1);
    }
  }
const failed = rows.filter((row) => !row.ok);
if (failed.length > 0) {
  for (const row of failed)
    console.error(`${row.page}: ${row.kb} KB of first-load JavaScript, over its ${row.limit} KB limit`);
  process.exit(1);
}
