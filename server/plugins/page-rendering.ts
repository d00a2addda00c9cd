import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { APP_ENTRY, APP_START_MODULE, ISLANDS_BOOT_MODULE } from "../../common/utils/page-scripts";
import { classesInMarkup, classesNamedIn, cutStyles, indexStyles, type StyleIndex } from "../lib/page-styles";
import { fromRoot } from "../lib/project-root";

/** The renderer's side of the contract (client/entry-server.tsx). */
type RenderOutcome =
  | { kind: "redirect"; status: number; location: string }
  | { kind: "browser"; head: string }
  | { kind: "page"; status: number; head: string; html: string; state: string; modules: string[]; islands: boolean };
type Renderer = {
  renderPage(url: string, transport: (path: string, init?: RequestInit) => Promise<Response>): Promise<RenderOutcome>;
};

export type PageSender = (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply>;

const HEAD = /<!--page-head-->[\s\S]*?<!--\/page-head-->/;
const BODY = /<!--page-body-->[\s\S]*?<!--\/page-body-->/;
const STATE = "<!--page-state-->";
/** Statuses whose answer has no body (a Response refuses one). */
const NO_BODY = new Set([101, 204, 205, 304]);

/**
 * Page loads: the public pages are drawn on the server (client/entry-server.tsx, built into dist/ssr) so
 * they appear before any JavaScript runs and search engines read them; every other page gets the
 * client's shell and is drawn in the browser. Answers null when the client is not built (API only).
 */
export async function createPageSender(
  app: FastifyInstance,
  options: { clientDir: string; publicUrl: string },
): Promise<PageSender | null> {
  const templateFile = path.join(options.clientDir, "index.html");
  if (!existsSync(templateFile)) return null;
  const template = readFileSync(templateFile, "utf8");
  const islandsPage = islandsTemplate(template, options.clientDir);
  const code = codeFiles(options.clientDir, template, islandsPage);
  const styledTemplate = withStylesInline(template, options.clientDir);
  const styledIslandsPage = islandsPage && withStylesInline(islandsPage, options.clientDir);
  const islandStyles = islandsPage && stylesForIslandPages(islandsPage, options.clientDir);
  /** A page drawn in the browser: the default head and an empty root, with the app's code preloaded. */
  const browserPage = (head: string | null) =>
    template.replace(HEAD, (defaults) => `${head ?? defaults}\n    ${code.appPreloads}`).replace(STATE, "");
  /**
   * A page drawn here, with its data for hydration. Its scripts are named, not preloaded: the browser
   * fetches them once the page is painted (client/main.tsx), so they do not compete with the content.
   */
  const serverPage = (outcome: Extract<RenderOutcome, { kind: "page" }>) => {
    const { head, html: body, state } = outcome;
    const files = code.ofPage(outcome.modules, outcome.islands);
    if (!files) return null;
    const islands = files.islandsStart ? ` data-islands="${files.islandsStart}"` : "";
    const styles = files.islandsStart && islandStyles ? islandStyles(files.islandsStart, body) : null;
    const page = files.islandsStart && styledIslandsPage ? styledIslandsPage : styledTemplate;
    return (styles === null ? page : styles.template.replace(STYLES, () => styles.css))
      .replace(HEAD, () => `${head}${files.stylesheets ? `\n    ${files.stylesheets}` : ""}`)
      .replace(BODY, () => body)
      .replace(
        STATE,
        () =>
          `<script type="application/json" id="server-state" data-page-scripts="${files.scripts}"${islands}>${state}</script>`,
      );
  };

  const rendererFile = fromRoot("dist/ssr/entry-server.js");
  const renderer: Renderer | null = existsSync(rendererFile)
    ? ((await import(pathToFileURL(rendererFile).href)) as Renderer)
    : null;
  if (!renderer) app.log.warn("dist/ssr is not built: every page is drawn in the browser (run `npm run build`)");
  const shell = browserPage(null);

  return async (request, reply) => {
    reply.header("Cache-Control", "no-cache").type("text/html; charset=utf-8");
    if (!renderer) return reply.send(shell);
    try {
      const outcome = await renderer.renderPage(pageUrl(request.url, options.publicUrl), (apiPath, init) =>
        answerAsVisitor(app, request, apiPath, init),
      );
      if (outcome.kind === "redirect") return reply.redirect(outcome.location, outcome.status);
      if (outcome.kind === "browser") return reply.send(browserPage(outcome.head));
      const page = serverPage(outcome);
      if (page === null) {
        request.log.warn("the islands are not built: the page is drawn in the browser (run `npm run build`)");
        return reply.send(browserPage(outcome.head));
      }
      return reply.code(outcome.status).send(page);
    } catch (error) {
      // The browser can still draw the page: a rendering fault costs speed, not the page.
      request.log.error({ err: error }, "server rendering failed; sending the page to be drawn in the browser");
      return reply.send(shell);
    }
  };
}

/**
 * The page's address on the site's public origin. Only the path and query come from the request, so a
 * path such as //elsewhere.example/ cannot make canonical and preview links point at another site.
 */
function pageUrl(requestUrl: string, publicUrl: string): string {
  const { pathname, search } = new URL(requestUrl, "http://request.invalid");
  const url = new URL(publicUrl);
  url.pathname = pathname;
  url.search = search;
  return url.href;
}

/** An API request made while drawing a page, answered in-process with the visitor's own cookie. */
async function answerAsVisitor(
  app: FastifyInstance,
  request: FastifyRequest,
  apiPath: string,
  init: RequestInit | undefined,
): Promise<Response> {
  const answer = await app.inject({
    method: (init?.method ?? "GET") as "GET",
    url: apiPath,
    headers: {
      accept: "application/json",
      ...(request.headers.cookie ? { cookie: request.headers.cookie } : {}),
      ...(request.headers["user-agent"] ? { "user-agent": request.headers["user-agent"] } : {}),
    },
  });
  const headers = new Headers();
  for (const [name, value] of Object.entries(answer.headers)) {
    if (typeof value === "string") headers.set(name, value);
    else if (typeof value === "number") headers.set(name, String(value));
  }
  return new Response(NO_BODY.has(answer.statusCode) ? null : new Uint8Array(answer.rawPayload), {
    status: answer.statusCode,
    headers,
  });
}

/**
 * The template with the site's whole stylesheet written into it, for a page drawn here whose styles cannot be cut to
 * its classes: a phone paints it after one download instead of two (the page, then its stylesheet). Pages drawn in
 * the browser keep the cached file.
 */
function withStylesInline(template: string, clientDir: string): string {
  return template.replace(
    /<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g,
    (link, file: string) => {
      const css = path.join(clientDir, file);
      return existsSync(css) ? `<style>${readFileSync(css, "utf8")}</style>` : link;
    },
  );
}

const STYLES = "<!--page-styles-->";
/** How many cut stylesheets are kept: pages of one kind mostly share a set of classes. */
const KEPT_CUTS = 200;

/**
 * For a page sent as finished HTML, the site's stylesheet cut to the classes in its markup and in the code of its
 * islands (server/lib/page-styles.ts), inline. Such a page has no client router, so no later page of the app needs
 * the rest of the sheet from it. Null when the build has no single site stylesheet to cut.
 */
function stylesForIslandPages(template: string, clientDir: string) {
  const links = [...template.matchAll(/<link rel="stylesheet" crossorigin href="\/(assets\/[^"]+\.css)">/g)];
  const file = links.length === 1 ? path.join(clientDir, links[0]?.[1] as string) : null;
  if (!file || !existsSync(file)) return null;
  const cutTemplate = template.replace(links[0]?.[0] as string, `<style>${STYLES}</style>`);
  let index: StyleIndex | null = null;
  let numbers = new Map<string, number>();
  const namedByIslands = new Map<string, Set<number>>();
  const cuts = new Map<string, string>();

  return (islandsStart: string, body: string) => {
    if (!index) {
      index = indexStyles(readFileSync(file, "utf8"));
      numbers = new Map(index.classes.map((name, n) => [name, n]));
    }
    const styles = index;
    let named = namedByIslands.get(islandsStart);
    if (!named) {
      named = classesNamedIn(styles, islandsCode(clientDir, islandsStart, template));
      namedByIslands.set(islandsStart, named);
    }
    const own: number[] = [];
    for (const name of classesInMarkup(body)) {
      const n = numbers.get(name);
      if (n !== undefined && !named.has(n)) own.push(n);
    }
    const key = `${islandsStart} ${own.sort((a, b) => a - b).join(",")}`;
    let css = cuts.get(key);
    if (css === undefined) {
      const inMarkup = new Set(own);
      const used = named;
      css = cutStyles(styles, (n) => used.has(n) || inMarkup.has(n));
      if (cuts.size >= KEPT_CUTS) cuts.delete(cuts.keys().next().value as string);
      cuts.set(key, css);
    }
    return { template: cutTemplate, css };
  };
}

/**
 * All the code a page of islands can run: the boot script in the template and its bundle with every file the bundle
 * imports, at once or later (a menu opened, a dialog shown).
 */
function islandsCode(clientDir: string, islandsStart: string, template: string): string {
  const manifest = readManifest(path.join(clientDir, ".vite", "islands-manifest.json")) ?? {};
  const byFile = new Map(Object.entries(manifest).map(([key, chunk]) => [`/${chunk.file}`, key]));
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const next of [...(chunk.imports ?? []), ...(chunk.dynamicImports ?? [])]) visit(next);
  };
  visit(byFile.get(islandsStart) ?? "");
  for (const [, script] of template.matchAll(/<script type="module" crossorigin src="\/([^"]+)"/g)) {
    files.add(script as string);
  }
  return [...files]
    .filter((name) => name.endsWith(".js"))
    .map((name) => readFileSync(path.join(clientDir, name), "utf8"))
    .join("\n");
}

type ManifestChunk = { file: string; imports?: string[]; dynamicImports?: string[]; css?: string[] };
type Manifest = Record<string, ManifestChunk>;

/**
 * The template of a page sent as finished HTML: the islands' boot script in place of the client app's entry, and
 * the files the entry imports left out, as such a page runs none of them. Null when the islands were not built.
 */
function islandsTemplate(template: string, clientDir: string): string | null {
  const manifest = readManifest(path.join(clientDir, ".vite", "manifest.json")) ?? {};
  const islandsManifest = readManifest(path.join(clientDir, ".vite", "islands-manifest.json")) ?? {};
  const entry = manifest[APP_ENTRY];
  const boot = islandsManifest[ISLANDS_BOOT_MODULE];
  const entryScript = `<script type="module" crossorigin src="/${entry?.file}"></script>`;
  if (!entry || !boot || !template.includes(entryScript)) return null;
  const entryImports = new Set((entry.imports ?? []).map((key) => modulePreload(manifest[key]?.file ?? "")));
  const bootImports = (boot.imports ?? []).map((key) => modulePreload(islandsManifest[key]?.file ?? ""));
  const bootScript = `<script type="module" crossorigin src="/${boot.file}"></script>`;
  return template
    .split("\n")
    .filter((line) => !entryImports.has(line.trim()))
    .join("\n")
    .replace(entryScript, () => [bootScript, ...bootImports].join("\n    "));
}

/** A link that fetches a script of the build ahead of its import, as Vite writes it into the template. */
const modulePreload = (file: string) => `<link rel="modulepreload" crossorigin href="/${file}">`;

function readManifest(file: string): Manifest | null {
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Manifest) : null;
}

/**
 * The build's files behind each page, from its manifests: the entry script (in the template) loads the
 * app's code, and a server-drawn page also needs its route's module. A page sent as finished HTML needs its bundle
 * of islands instead, from the islands' own build (decision 046), which its own template's boot script starts.
 * Files the page's template already links are left out.
 */
function codeFiles(clientDir: string, template: string, islandsPage: string | null) {
  const manifest = readManifest(path.join(clientDir, ".vite", "manifest.json")) ?? {};
  const islandsManifest = readManifest(path.join(clientDir, ".vite", "islands-manifest.json"));
  const closure = (from: Manifest, keys: string[], page: string) => {
    const notInTemplate = (file: string) => !page.includes(`/${file}"`);
    const scripts = new Set<string>();
    const styles = new Set<string>();
    const visit = (chunkKey: string) => {
      const chunk = from[chunkKey];
      if (!chunk || scripts.has(chunk.file)) return;
      scripts.add(chunk.file);
      for (const css of chunk.css ?? []) styles.add(css);
      for (const imported of chunk.imports ?? []) visit(imported);
    };
    for (const key of keys) visit(key);
    return { scripts: [...scripts].filter(notInTemplate), styles: [...styles].filter(notInTemplate) };
  };

  // The entry (client/main.tsx) loads the app with a dynamic import; a page drawn in the browser needs it at once.
  const appPreloads = manifest[APP_START_MODULE]
    ? closure(manifest, [APP_START_MODULE], template).scripts.map(modulePreload).join("\n    ")
    : "";

  type PageFiles = { scripts: string; stylesheets: string; islandsStart: string | null };
  const pages = new Map<string, PageFiles>();
  /** Null for a page sent as finished HTML when the islands were not built: the client app draws it then. */
  const ofPage = (modules: string[], islands: boolean): PageFiles | null => {
    const islandsStartFile = islands ? islandsManifest?.[modules[0] ?? ""]?.file : undefined;
    if (islands && (!islandsStartFile || !islandsPage)) return null;
    const key = `${islands}:${modules.join(" ")}`;
    const known = pages.get(key);
    if (known) return known;
    const files = islands
      ? closure(islandsManifest ?? {}, modules, islandsPage ?? "")
      : closure(manifest, modules, template);
    const page = {
      scripts: files.scripts.map((file) => `/${file}`).join(" "),
      // A page's own styles are needed for its first paint.
      stylesheets: files.styles.map((file) => `<link rel="stylesheet" href="/${file}">`).join("\n    "),
      islandsStart: islands ? `/${islandsStartFile}` : null,
    };
    pages.set(key, page);
    return page;
  };
  return { appPreloads, ofPage };
}
