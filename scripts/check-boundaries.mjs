// Import boundaries of the layout (docs/architecture.md): common imports neither side; client and
// server never import each other; a client feature never imports another feature; the client's shared layer
// (components, lib, hooks) never imports a feature or the app, so its arrows point one way.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx)$/.test(name)) files.push(full);
  }
};
for (const top of ["client", "server", "common"]) walk(path.join(root, top));

const importRe = /(?:import|export)\s[^'"]*?from\s+["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;
const problems = [];
for (const file of files) {
  const rel = path.relative(root, file);
  const zone = rel.split(path.sep)[0];
  const feature = rel.match(/^client\/features\/([^/]+)\//)?.[1];
  for (const match of readFileSync(file, "utf8").matchAll(importRe)) {
    const spec = match[1] ?? match[2];
    let target;
    if (spec.startsWith(".")) target = path.relative(root, path.resolve(path.dirname(file), spec));
    else if (spec.startsWith("@/")) target = `client/${spec.slice(2)}`;
    else if (spec.startsWith("@common/")) target = `common/${spec.slice(8)}`;
    else {
      if (zone === "common" && /^(node:|fs$|path$|react)/.test(spec))
        problems.push(`${rel}: common must not import ${spec}`);
      continue;
    }
    const targetZone = target.split("/")[0];
    if (zone === "common" && targetZone !== "common") problems.push(`${rel}: common must not import ${target}`);
    if (zone === "client" && targetZone === "server") problems.push(`${rel}: the client must not import ${target}`);
    if (zone === "server" && targetZone === "client") problems.push(`${rel}: the server must not import ${target}`);
    const shared = /^client\/(components|lib|hooks)\//.test(rel);
    if (shared && /^client\/(features|app)(\/|$)/.test(target)) {
      problems.push(`${rel}: the shared layer must not import ${target}`);
    }
    const targetFeature = target.match(/^client\/features\/([^/]+)/)?.[1];
    if (feature && targetFeature && targetFeature !== feature) {
      problems.push(`${rel}: feature "${feature}" must not import feature "${targetFeature}"`);
    }
  }
}
if (problems.length) {
  console.error(`Import boundaries broken:\n  ${problems.join("\n  ")}`);
  process.exit(1);
}
console.log(`Import boundaries hold (${files.length} files).`);
