// Production code explains itself: a comment states the rule ("a landlord may list at most 50 properties"), never
// where it was once written down (a section of the specification, an issue's number). Neither the specification nor the issues are in the
// repository, so such a citation tells the next engineer nothing. Part of `npm run lint`.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
// Built from parts so that this file does not match itself.
const CITATION = new RegExp(["\\bspec(?:ification)? \\d", "\\u00a7", "\\bissues? #?\\d"].join("|"), "i");
const problems = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx|mjs)$/.test(name)) {
      readFileSync(full, "utf8")
        .split("\n")
        .forEach((line, index) => {
          if (CITATION.test(line)) problems.push(`${path.relative(root, full)}:${index + 1}: ${line.trim()}`);
        });
    }
  }
};
for (const top of ["client", "server", "common", "scripts"]) walk(path.join(root, top));
if (problems.length) {
  console.error(`Comments cite a document instead of stating the rule:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log("No comment cites a spec section or an issue.");
