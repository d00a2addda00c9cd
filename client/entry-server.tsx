/**
 * The server's renderer of the public pages (built by `vite build --ssr` into dist/ssr and called from
 * server/plugins/page-rendering.ts). It runs the same routes, loaders and components as the browser:
 * the loaders wait for the page's data, React draws the page, and the data goes with the HTML so the
 * browser takes the page over without asking again.
 */
import { AsyncLocalStorage } from "node:async_hooks";
import { parseBritishDate } from "@common/domain/british-date";
import { QueryClient } from "@tanstack/react-query";
import { StrictMode } from "react";
import { prerenderToNodeStream } from "react-dom/static";
import { createStaticHandler, createStaticRouter, matchRoutes, StaticRouterProvider } from "react-router";
import { IslandProviders } from "@/app/islands/providers";
import { cacheAround } from "@/app/islands/query-data";
import { bundleFor, ISLAND_BUNDLES, ISLAND_PAGES } from "@/app/islands/registry";
import { pageDataContextFor } from "@/app/page-data";
import { BROWSER_PAGE_HEAD, type PageHead, pageHead } from "@/app/page-heads";
import { AppProvider } from "@/app/provider";
import { appRoutes, SERVER_RENDERED_PAGES, type ServerRenderedPage } from "@/app/routes";
import { serverStateJson } from "@/app/server-state";
import { setApiTransport } from "@/lib/api-client";
import { type CollectedIsland, type IslandCollector, IslandCollectorProvider, islandIdPrefix } from "@/lib/island";
import { QUERY_DEFAULTS } from "@/lib/query-client";

/** Answers the page's API requests, as the signed-in visitor (their cookie) when there is one. */
export type ApiTransport = (path: string, init?: RequestInit) => Promise<Response>;

export type RenderOutcome =
  | { kind: "redirect"; status: number; location: string }
  /** A page the browser draws (signed-in areas, forms): the server sends the shell with this head. */
  | { kind: "browser"; head: string }
  /**
   * `modules`: the page's own code (relative to client/), which the browser fetches once the page is painted.
   * `islands`: the page is finished HTML whose interactive parts are hydrated one by one, with no client app.
   */
  | { kind: "page"; status: number; head: string; html: string; state: string; modules: string[]; islands: boolean };

const requestTransport = new AsyncLocalStorage<ApiTransport>();
setApiTransport((input, init) => {
  const transport = requestTransport.getStore();
  if (!transport) throw new Error("An API request was made outside a page render");
  return transport(String(input), init);
});

const handler = createStaticHandler(appRoutes);

/** Renders the page at `url` (absolute, on the site's public origin). */
export function renderPage(url: string, transport: ApiTransport): Promise<RenderOutcome> {
  return requestTransport.run(transport, () => render(new URL(url)));
}

async function render(url: URL): Promise<RenderOutcome> {
  if (!isServerRendered(url.pathname)) return { kind: "browser", head: headHtml(BROWSER_PAGE_HEAD) };
  const written = withCalendarDates(url);
  if (written) return { kind: "redirect", status: 303, location: written };

  const queryClient = new QueryClient({ defaultOptions: QUERY_DEFAULTS });
  const context = await handler.query(new Request(url.href), {
    requestContext: pageDataContextFor({ queryClient, waitForData: true }),
  });
  if (context instanceof Response) {
    return { kind: "redirect", status: context.status, location: context.headers.get("Location") ?? "/" };
  }
  // Loaders never throw; if one did (a page's code failed to load), the browser draws the page instead.
  if (context.errors) throw new Error(`A loader failed: ${JSON.stringify(Object.keys(context.errors))}`);
  const leaf = context.matches.at(-1);
  const page = leaf?.route.id as ServerRenderedPage;
  const router = createStaticRouter(handler.dataRoutes, context);
  const islandBundle = ISLAND_PAGES[page];
  const slots = islandBundle ? new IslandSlots() : null;
  const app = (
    <StrictMode>
      <AppProvider queryClient={queryClient} navigate={() => undefined}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppProvider>
    </StrictMode>
  );
  let html = await renderToHtml(slots ? <IslandCollectorProvider value={slots}>{app}</IslandCollectorProvider> : app);
  if (slots && islandBundle)
    html = await withIslandsDrawn(html, slots, ISLAND_BUNDLES[islandBundle].islands, queryClient);
  const head = pageHead({
    page,
    params: leaf?.params ?? {},
    url,
    status: context.statusCode,
    queryClient,
    origin: url.origin,
  });
  const routerState = { loaderData: context.loaderData, actionData: context.actionData, errors: context.errors };
  return {
    kind: "page",
    status: context.statusCode,
    head: headHtml(head),
    html,
    state: serverStateJson(routerState, queryClient),
    // The bundle for the islands drawn, not all the page may carry: a listing that does not exist has only the header.
    modules:
      slots && islandBundle
        ? [
            ISLAND_BUNDLES[
              bundleFor(
                islandBundle,
                slots.islands.map(({ name }) => name),
              )
            ].module,
          ]
        : [SERVER_RENDERED_PAGES[page]],
    islands: islandBundle !== undefined,
  };
}

/** The islands placed while the page was drawn, each in the slot its placeholder names. */
class IslandSlots implements IslandCollector {
  readonly islands: CollectedIsland[] = [];
  private readonly slotsById = new Map<string, number>();

  slotFor(id: string, island: CollectedIsland): number {
    const known = this.slotsById.get(id);
    if (known !== undefined) return known;
    const slot = this.islands.push(island) - 1;
    this.slotsById.set(id, slot);
    return slot;
  }
}

/**
 * Draws each island as the root the browser will hydrate (the same providers, the props as they come back from
 * JSON) and writes it into its placeholder. An island the page does not declare is a fault: the browser would
 * not have fetched its code.
 */
async function withIslandsDrawn(
  html: string,
  slots: IslandSlots,
  declared: readonly string[],
  queryClient: QueryClient,
): Promise<string> {
  let page = html;
  const data = cacheAround(queryClient);
  for (const [slot, { name, Component, props }] of slots.islands.entries()) {
    if (!declared.includes(name)) throw new Error(`The page does not declare its island "${name}"`);
    const sentProps = JSON.parse(JSON.stringify(props)) as object;
    const inner = await renderToHtml(
      <IslandProviders data={data}>
        <Component {...sentProps} />
      </IslandProviders>,
      islandIdPrefix(slot),
    );
    const placeholder = `data-island-slot="${slot}"></div>`;
    if (!page.includes(placeholder)) throw new Error(`The placeholder of island "${name}" is missing`);
    page = page.replace(placeholder, () => `data-island-slot="${slot}">${inner}</div>`);
  }
  return page;
}

/** Whether the server draws this page: the deepest route it matches is one of the public pages. */
function isServerRendered(pathname: string): boolean {
  const leaf = matchRoutes(handler.dataRoutes, pathname)?.at(-1)?.route.id;
  return leaf !== undefined && leaf in SERVER_RENDERED_PAGES;
}

/**
 * The whole page as a string, once every lazy part has loaded. A prerender with no size limit on a
 * part: the HTML holds every part in its place, with none of the inline scripts React otherwise uses
 * to move parts in late (which the Content Security Policy would block).
 */
async function renderToHtml(element: React.ReactElement, identifierPrefix?: string): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element, {
    identifierPrefix,
    progressiveChunkSize: Number.POSITIVE_INFINITY,
    onError: (error) => {
      throw error;
    },
  });
  const chunks: Buffer[] = [];
  for await (const chunk of prelude) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks).toString("utf8");
}

const escapeAttribute = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
const escapeText = (text: string) => text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The head tags, every value escaped; the JSON-LD with '<' escaped so it cannot end its script. */
export function headHtml(head: PageHead): string {
  const tags = [
    `<title>${escapeText(head.title)}</title>`,
    `<meta name="description" content="${escapeAttribute(head.description)}">`,
  ];
  const meta = (attribute: "name" | "property", key: string, value: string | undefined) => {
    if (value) tags.push(`<meta ${attribute}="${key}" content="${escapeAttribute(value)}">`);
  };
  if (head.noindex) meta("name", "robots", "noindex");
  if (head.canonical) tags.push(`<link rel="canonical" href="${escapeAttribute(head.canonical)}">`);
  if (head.preloadImage) {
    const { href, srcSet, sizes } = head.preloadImage;
    const responsive = srcSet
      ? ` imagesrcset="${escapeAttribute(srcSet)}" imagesizes="${escapeAttribute(sizes ?? "100vw")}"`
      : "";
    tags.push(`<link rel="preload" as="image" href="${escapeAttribute(href)}"${responsive} fetchpriority="high">`);
  }
  meta("property", "og:type", "website");
  meta("property", "og:title", head.title);
  meta("property", "og:description", head.description);
  meta("property", "og:url", head.canonical);
  meta("property", "og:image", head.image);
  meta("property", "og:image:alt", head.imageAlt);
  meta("name", "twitter:card", head.image ? "summary_large_image" : "summary");
  meta("name", "twitter:title", head.title);
  meta("name", "twitter:description", head.description);
  meta("name", "twitter:image", head.image);
  if (head.structuredData) {
    const json = JSON.stringify(head.structuredData).replace(/</g, "\\u003c");
    tags.push(`<script type="application/ld+json">${json}</script>`);
  }
  return tags.join("\n    ");
}

/**
 * Without JavaScript the stay's date fields send what the visitor typed ("12/06/2027"); the pages read only
 * YYYY-MM-DD, so such a search is sent on to the same address with the days written that way. Null when there is
 * nothing to rewrite (no date, already YYYY-MM-DD, or not a day at all: the page then says what is wrong).
 */
function withCalendarDates(url: URL): string | null {
  let changed = false;
  for (const key of ["checkIn", "checkOut"]) {
    const typed = url.searchParams.get(key);
    if (!typed) continue;
    const day = parseBritishDate(typed);
    if (day && day !== typed) {
      url.searchParams.set(key, day);
      changed = true;
    }
  }
  return changed ? `${url.pathname}${url.search}` : null;
}
