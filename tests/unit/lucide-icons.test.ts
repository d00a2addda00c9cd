import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { createElement, type FunctionComponent } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import createLucideIcon, { type LucideIconData } from "../../client/lib/lucide-icon";
import { lucideIconFiles } from "../../scripts/lucide-icons";

const clientDir = path.resolve(import.meta.dirname, "../../client");

/** The icon modules the app's code imports from lucide-react. */
function iconsInTheApp(): string[] {
  const files = lucideIconFiles();
  const used = new Set<string>();
  for (const entry of readdirSync(clientDir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || !/\.tsx?$/.test(entry.name)) continue;
    const code = readFileSync(path.join(entry.parentPath, entry.name), "utf8");
    for (const [, names = ""] of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"lucide-react"/g))
      for (const spec of names.split(",")) {
        const file = files.get(spec.trim().split(/\s+as\s+/)[0] ?? "");
        if (file) used.add(file);
      }
  }
  return [...used].sort();
}

/** The ways the app draws an icon: bare, sized by class, labelled, heavier, sized and coloured, with a title. */
const PROPS: Array<Record<string, unknown>> = [
  {},
  { className: "size-4 shrink-0  text-brass-600" },
  { className: "lucide size-4" },
  { "aria-label": "Close" },
  { role: "img", "aria-hidden": undefined },
  { className: "size-3", strokeWidth: 3 },
  { size: 20, color: "#123456" },
  { size: 48, absoluteStrokeWidth: true },
  { children: createElement("title", null, "Saved") },
  { "data-testid": "icon", focusable: "false", style: { color: "red" } },
];

describe("the app's drawing of lucide's icons", () => {
  const icons = iconsInTheApp();

  it("finds the icons the app is written with", () => {
    expect(icons.length).toBeGreaterThan(100);
    expect(icons).toContain("menu");
  });

  it("draws every one exactly as lucide-react does, however it is given its props", async () => {
    const differences: string[] = [];
    for (const file of icons) {
      const module = (await import(`lucide-react/icons/${file}`)) as {
        default: FunctionComponent;
        __iconData: LucideIconData;
      };
      const ours = createLucideIcon(module.__iconData) as FunctionComponent;
      for (const props of PROPS) {
        const theirs = renderToStaticMarkup(createElement(module.default, props));
        const mine = renderToStaticMarkup(createElement(ours, props));
        if (mine !== theirs)
          differences.push(`${file} ${JSON.stringify(props)}\n  lucide: ${theirs}\n  ours:   ${mine}`);
      }
    }
    expect(differences).toEqual([]);
  });
});
