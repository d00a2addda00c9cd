import { PAGE_SCRIPTS_ATTRIBUTE, SERVER_STATE_ELEMENT_ID } from "@/app/server-page";
import frauncesLatin from "@/fonts/fraunces-latin-wght.woff2?url";
import interLatin from "@/fonts/inter-latin-wght.woff2?url";
import { takeUpWebFonts } from "@/lib/web-fonts";

/**
 * What the first script of every page does, kept tiny: the client app's entry (client/main.tsx) and the boot of a
 * page sent as finished HTML (client/app/islands/boot.ts) both run it. A page the server drew is readable before any
 * script runs, so on a phone's connection its main photo (the image the server marks fetchpriority="high") gets the
 * bandwidth first: the page's code is fetched once that photo has arrived and been painted, and the page becomes
 * interactive a moment later. A page drawn in the browser has nothing to show until its code runs, so that starts at
 * once (the server preloads it with the shell).
 *
 * The site's typefaces: a first visit's first page is drawn in local fonts sized like Inter and Fraunces from start
 * to end, and fetches the real ones after its photo, into the browser's cache. Swapping them into a page already on
 * screen restyles and lays out the whole page again: on a phone that was the longest task of the page's life (a
 * Lighthouse phone run's blocking time halved without it). Every later page takes them up from its start, and the
 * client app at its first change of page.
 *
 * `start` loads the page's code, given the page's state from the server (null for a page drawn in the browser).
 */
export function startPage(start: (serverState: HTMLElement | null) => Promise<unknown>) {
  const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
  const fontsCached = webFontsSeenBefore();
  if (fontsCached || !serverState) takeUpWebFonts();
  if (!serverState && !fontsCached) void document.fonts.ready.then(rememberWebFontsCached);
  const run = () => start(serverState).catch(codeNotLoaded);
  if (!serverState) {
    void run();
    return;
  }
  afterLargestImage(() =>
    afterFirstPaint(() => {
      if (!fontsCached) cacheWebFontsForLater();
      for (const file of serverState.getAttribute(PAGE_SCRIPTS_ATTRIBUTE)?.split(" ") ?? []) preloadModule(file);
      void run();
    }),
  );
}

/** Set once the typefaces are in this browser's cache: pages then use them from the start. */
const WEB_FONTS_SEEN_KEY = "staylondon.web-fonts";
/** What a page in English needs (the other subsets load only for the characters they hold). */
const WEB_FONT_FILES = [interLatin, frauncesLatin];

function codeNotLoaded(error: unknown) {
  // The server's HTML stays usable (links and forms work); only the interactive parts are missing.
  console.error("The page's code could not be loaded", error);
}

/** Fetches the typefaces' files into the cache, for the next page, without touching this one. */
function cacheWebFontsForLater() {
  const fetches = WEB_FONT_FILES.map((file) =>
    fetch(file, { priority: "low" } as RequestInit).then((response) => {
      if (!response.ok) throw new Error(`${file}: ${response.status}`);
      return response.arrayBuffer();
    }),
  );
  void Promise.all(fetches).then(rememberWebFontsCached, () => {
    // Offline or refused: the local fonts stand in, and the next page tries again.
  });
}

function rememberWebFontsCached() {
  try {
    localStorage.setItem(WEB_FONTS_SEEN_KEY, "1");
  } catch {
    // Storage may be off (private mode, a full quota): the next page is drawn in the local fonts again, no more.
  }
}

function webFontsSeenBefore(): boolean {
  try {
    return localStorage.getItem(WEB_FONTS_SEEN_KEY) !== null;
  } catch {
    return false;
  }
}

/**
 * Runs `then` once the page's largest image (the one marked fetchpriority="high") has arrived or failed, or after
 * 3 s: a photo that stalls must not leave the page's buttons dead.
 */
function afterLargestImage(then: () => void) {
  const image = document.querySelector<HTMLImageElement>('img[fetchpriority="high"]');
  if (!image || image.complete) return then();
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    then();
  };
  image.addEventListener("load", once, { once: true });
  image.addEventListener("error", once, { once: true });
  setTimeout(once, 3000);
}

/** Runs `then` once the next frame has been drawn: the frame callback comes just before it, the task after. */
function afterFirstPaint(then: () => void) {
  requestAnimationFrame(() => setTimeout(then, 0));
}

function preloadModule(file: string) {
  if (!file) return;
  const link = document.createElement("link");
  link.rel = "modulepreload";
  link.href = file;
  document.head.append(link);
}
