/**
 * The browser's first scripts, as the builds' manifests name them (paths relative to client/): the client's builds
 * produce them, the server writes them into pages, and the weight check adds them up.
 */

/** The client app's entry (client/main.tsx), as the app's build names the template that carries it. */
export const APP_ENTRY = "index.html";

/** The module that starts the client app, which the entry imports once the page allows. */
export const APP_START_MODULE = "app/start.tsx";

/**
 * The first script of a page sent as finished HTML, in the islands' build: the server writes it into the page in
 * place of the client app's entry, and it loads the page's bundle of islands.
 */
export const ISLANDS_BOOT_MODULE = "app/islands/boot.ts";
