/**
 * What a server-drawn page carries for the browser, named once for the boot script and the hydration
 * code (the server writes the same names: server/plugins/page-rendering.ts).
 */

/** The id of the `<script type="application/json">` that holds the page's data. */
export const SERVER_STATE_ELEMENT_ID = "server-state";

/** Its attribute listing the page's own script files, space-separated, to fetch once the page is painted. */
export const PAGE_SCRIPTS_ATTRIBUTE = "data-page-scripts";

/**
 * Its attribute on a page sent as finished HTML, whose islands are hydrated one by one (no client app): the address
 * of the islands' start script.
 */
export const ISLANDS_PAGE_ATTRIBUTE = "data-islands";
