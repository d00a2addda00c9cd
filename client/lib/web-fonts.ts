/**
 * When the page uses Inter and Fraunces (decision 022). Until `data-web-fonts` is on the root, text is drawn in local
 * fonts sized like them (client/styles.css). Setting it on a page already on screen restyles and lays out the whole
 * page again, so it is set only when that work is due anyway: at a page's start, or when the client app changes page.
 */
const WEB_FONTS_ATTRIBUTE = "data-web-fonts";

export function takeUpWebFonts() {
  const root = document.documentElement;
  if (!root.hasAttribute(WEB_FONTS_ATTRIBUTE)) root.setAttribute(WEB_FONTS_ATTRIBUTE, "");
}
