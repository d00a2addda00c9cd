import { readFileSync } from "node:fs";
import path from "node:path";
import { expect, type Page } from "@playwright/test";
import { indexStyles, type StyleIndex, usableRules } from "../../../server/lib/page-styles";

/**
 * A page sent as finished HTML carries only the styles its markup and its islands' code can use
 * (server/lib/page-styles.ts). Every browser test of such a page also checks that cut: each class that ever appears
 * on the page, through every state the test reaches (menus opened, dialogs shown, lists grown), must find all its
 * rules in the page's styles.
 */

declare global {
  interface Window {
    /** Every class seen on the page since it was sent, when it is a page of islands. */
    __classesSeen?: Set<string>;
  }
}

/** Run in the page before its own scripts: notes classes from the first paint on, on pages of islands only. */
export function watchClasses() {
  const seen = new Set<string>();
  const note = (element: Element) => {
    for (const name of element.classList) seen.add(name);
  };
  const sweep = (node: Node) => {
    if (!(node instanceof Element)) return;
    note(node);
    for (const element of node.querySelectorAll("[class]")) note(element);
  };
  document.addEventListener("DOMContentLoaded", () => {
    if (!document.querySelector("#server-state[data-islands]")) return;
    window.__classesSeen = seen;
    sweep(document.documentElement);
    new MutationObserver((records) => {
      for (const record of records) {
        if (record.type === "attributes") sweep(record.target);
        else for (const added of record.addedNodes) sweep(added);
      }
    }).observe(document.documentElement, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ["class"],
    });
  });
}

let siteStyles: StyleIndex | undefined;
/** The whole site stylesheet the build linked, as the server reads it. */
function wholeStylesheet(): StyleIndex {
  if (!siteStyles) {
    const template = readFileSync(path.resolve("dist/client/index.html"), "utf8");
    const file = /href="\/(assets\/[^"]+\.css)"/.exec(template)?.[1];
    if (!file) throw new Error("the built template links no stylesheet");
    siteStyles = indexStyles(readFileSync(path.resolve("dist/client", file), "utf8"));
  }
  return siteStyles;
}

/** Fails when a class the page has shown needs a rule its styles lack. Pages not of islands pass at once. */
export async function expectStylesCoverClassesSeen(page: Page) {
  if (page.isClosed()) return;
  const onPage = await page
    .evaluate(() =>
      window.__classesSeen
        ? {
            classes: [...window.__classesSeen],
            styles: [...document.querySelectorAll("style")].map((style) => style.textContent).join("\n"),
          }
        : null,
    )
    .catch(() => null);
  if (!onPage) return;
  const whole = wholeStylesheet();
  const seen = new Set(onPage.classes);
  const missing = usableRules(whole, (n) => seen.has(whole.classes[n] as string)).filter(
    (rule) => !onPage.styles.includes(rule),
  );
  expect(
    missing.map((rule) => rule.slice(0, rule.indexOf("{"))),
    `styles missing on ${page.url()}`,
  ).toEqual([]);
}
