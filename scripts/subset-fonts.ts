/**
 * The site's two typefaces, cut down to what its pages use: the Latin and Latin Extended characters
 * (as Fontsource splits them) and only the weights the design uses, which is most of a variable font's
 * size. A page in English needs 60 KB of type instead of 84 KB. Run after upgrading
 * @fontsource-variable/inter or /fraunces, or changing the weights below (the outputs are committed):
 *   npx tsx scripts/subset-fonts.ts
 * Writes client/fonts/*.woff2 and client/fonts/fonts.css, which client/main.tsx imports.
 */
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import subsetFont from "subset-font";

const ROOT = path.resolve(import.meta.dirname, "..");
const OUT_DIR = path.join(ROOT, "client/fonts");

/** Each family, with the weight range kept: body text runs 400-700, the display face 400-600. */
const FAMILIES = [
  { name: "Inter Variable", fontsource: "inter", file: "inter", weights: { min: 400, max: 700 } },
  { name: "Fraunces Variable", fontsource: "fraunces", file: "fraunces", weights: { min: 400, max: 600 } },
] as const;
/** Other scripts (Cyrillic, Greek, Vietnamese) are left to the system's fonts. */
const SUBSETS = ["latin", "latin-ext"] as const;

type Face = { unicodeRange: string; source: string };

/** The unicode-range and file of one of Fontsource's faces, read from the package's own CSS. */
function fontsourceFace(pkg: string, subset: string): Face {
  const dir = path.join(ROOT, "node_modules/@fontsource-variable", pkg);
  const css = readFileSync(path.join(dir, "index.css"), "utf8");
  const block = new RegExp(`/\\* ${pkg}-${subset}-wght-normal \\*/\\s*@font-face \\{([^}]*)\\}`).exec(css)?.[1];
  const unicodeRange = block && /unicode-range:\s*([^;]+);/.exec(block)?.[1];
  const file = block && /url\(\.\/files\/([^)]+)\)/.exec(block)?.[1];
  if (!unicodeRange || !file) throw new Error(`No ${subset} face in @fontsource-variable/${pkg}/index.css`);
  return { unicodeRange, source: path.join(dir, "files", file) };
}

/** Every code point a unicode-range names ("U+0000-00FF,U+0131,..."). */
function codePoints(unicodeRange: string): string {
  let text = "";
  for (const part of unicodeRange.split(",")) {
    const [from, to] = part.trim().replace(/^U\+/i, "").split("-");
    const first = Number.parseInt(from ?? "", 16);
    const last = to ? Number.parseInt(to, 16) : first;
    for (let code = first; code <= last; code++) text += String.fromCodePoint(code);
  }
  return text;
}

const rules: string[] = [];
let total = 0;
for (const family of FAMILIES) {
  for (const subset of SUBSETS) {
    const face = fontsourceFace(family.fontsource, subset);
    const font = await subsetFont(readFileSync(face.source), codePoints(face.unicodeRange), {
      targetFormat: "woff2",
      variationAxes: { wght: family.weights },
    });
    const file = `${family.file}-${subset}-wght.woff2`;
    writeFileSync(path.join(OUT_DIR, file), font);
    total += font.length;
    console.log(`${file}: ${(font.length / 1024).toFixed(1)} KB`);
    rules.push(`@font-face {
  font-family: "${family.name}";
  font-style: normal;
  font-display: swap;
  font-weight: ${family.weights.min} ${family.weights.max};
  src: url("./${file}") format("woff2-variations");
  unicode-range: ${face.unicodeRange};
}`);
  }
}
writeFileSync(
  path.join(OUT_DIR, "fonts.css"),
  `/* Written by scripts/subset-fonts.ts from @fontsource-variable/inter and /fraunces: do not edit by hand. */\n\n${rules.join("\n\n")}\n`,
);
console.log(`Wrote ${rules.length} faces, ${(total / 1024).toFixed(1)} KB in all`);
