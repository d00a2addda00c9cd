import "./fonts/fonts.css";
import "./styles.css";
import { PAGE_SCRIPTS_ATTRIBUTE, SERVER_STATE_ELEMENT_ID } from "@/app/server-page";

/**
 * The first script of every page, kept tiny. A page the server drew is readable before any script runs,
 * so its code is fetched only once that page has been painted: on a phone's connection the stylesheet,
 * the fonts and the main photo get the bandwidth first, and the page becomes interactive a moment later.
 * A page drawn in the browser has nothing to show until its code runs, so that starts at once (the
 * server preloads it with the shell).
 */
const serverState = document.getElementById(SERVER_STATE_ELEMENT_ID);
if (serverState) {
  afterFirstPaint(() => {
    for (const file of serverState.getAttribute(PAGE_SCRIPTS_ATTRIBUTE)?.split(" ") ?? []) preloadModule(file);
    void start();
  });
} else {
  void start();
}

function start() {
  return import("./app/start").catch((error: unknown) => {
    // The server's HTML stays usable (links and forms work); only the interactive parts are missing.
    console.error("The app's code could not be loaded", error);
  });
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
