import "./fonts/fonts.css";
import "./styles.css";
import { ISLANDS_PAGE_ATTRIBUTE, PAGE_SCRIPTS_ATTRIBUTE, SERVER_STATE_ELEMENT_ID } from "@/app/server-page";

/**
 * The first script of every page, kept tiny. A page the server drew is readable before any script runs, so on a
 * phone's connection its main photo (the image the server marks fetchpriority="high") gets the bandwidth first:
 * the site's typefaces and the page's code are fetched once that photo has arrived and been painted, and the page
 * becomes interactive a moment later. Until the typefaces arrive the text is drawn in local fonts sized like them,
 * so nothing moves when they swap in. A page drawn in the browser has nothing to show until its code runs, so
 * that starts at once (the server preloads it with the shell).
 */
const WEB_FONTS_ATTRIBUTE = "data-web-fonts";
/** Set once the typefaces have loaded in this browser: they are in its cache, and need not wait again. */
const WEB_FONTS_SEEN_KEY = "staylondon.web-fonts";

const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
if (serverState) {
  if (webFontsSeenBefore()) takeUpWebFonts();
  afterLargestImage(() =>
    afterFirstPaint(() => {
      takeUpWebFonts();
      for (const file of serverState.getAttribute(PAGE_SCRIPTS_ATTRIBUTE)?.split(" ") ?? []) preloadModule(file);
      const islands = serverState.getAttribute(ISLANDS_PAGE_ATTRIBUTE);
      void (islands ? startIslands(islands) : start());
    }),
  );
} else {
  takeUpWebFonts();
  void start();
}

function start() {
  return import("./app/start").catch(codeNotLoaded);
}

/**
 * A page sent as finished HTML runs only its interactive parts, not the client app: the islands' own build, whose
 * start the server names on the page.
 */
function startIslands(url: string) {
  return import(/* @vite-ignore */ url).catch(codeNotLoaded);
}

function codeNotLoaded(error: unknown) {
  // The server's HTML stays usable (links and forms work); only the interactive parts are missing.
  console.error("The page's code could not be loaded", error);
}

/** Loads Inter and Fraunces, then lets the page use them: they swap in once, with no moment of invisible text. */
function takeUpWebFonts() {
  const root = document.documentElement;
  if (root.hasAttribute(WEB_FONTS_ATTRIBUTE)) return;
  const loads = ['1em "Inter Variable"', '1em "Fraunces Variable"'].map((font) => document.fonts.load(font));
  void Promise.allSettled(loads).then(() => {
    root.setAttribute(WEB_FONTS_ATTRIBUTE, "");
    try {
      localStorage.setItem(WEB_FONTS_SEEN_KEY, "1");
    } catch {
      // Storage may be off (private mode, a full quota): the next visit waits for the photo again, no more.
    }
  });
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
