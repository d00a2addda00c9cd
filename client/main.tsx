import "./fonts/fonts.css";
import "./styles.css";
import { startPage } from "@/app/page-start";

/**
 * The client app's entry: the first script of a page drawn in the browser, and of a page the server drew that the
 * app takes over. It loads the app once the page allows (app/page-start.ts). A page sent as finished HTML has a
 * first script of its own, which loads only its islands (app/islands/boot.ts): it needs none of the app's.
 */
startPage(() => import("./app/start"));
