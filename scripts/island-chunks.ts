/**
 * How the islands' build (decision 046) cuts its files. Left to itself the bundler cuts one file for every set of
 * bundles and lazy islands that share a module, which on browse came to 24 files before a phone could use the
 * filters: each compressed on its own, with its own imports, about 6 KB more than the same code in a few files.
 * Here what a kind of page needs before it is interactive goes into one file per set of pages that need it at once,
 * so nothing is fetched that the page does not use then.
 */
import { existsSync } from "node:fs";
import path from "node:path";
import MagicString from "magic-string";
import type { Plugin } from "vite";
import { ISLAND_BUNDLES } from "../client/app/islands/registry";
import { ISLANDS_BOOT_MODULE } from "../common/utils/page-scripts";
import { lucideIconFiles } from "./lucide-icons";

type ModuleGraph = {
  getModuleInfo: (id: string) => { importers: readonly string[]; dynamicImporters: readonly string[] } | null;
};

const root = path.resolve(import.meta.dirname, "..");
const bundleOfModule = new Map(
  Object.entries(ISLAND_BUNDLES).map(([name, bundle]) => [path.resolve(root, "client", bundle.module), name]),
);
/** The page's first script, in its head. */
const BOOT = "boot";
bundleOfModule.set(path.resolve(root, "client", ISLANDS_BOOT_MODULE), BOOT);

/**
 * The name of the file a module goes in: `first-load` for what every kind of page needs first (React, the header),
 * `first-<bundles>` for what only some do, and null (the bundler's own cut) for what only a lazy island loads.
 * A module a lazy island on another page also needs still goes with the pages that need it first: that island then
 * fetches the page's whole file, later, in exchange for a lighter first download (measured in decision 046).
 */
export function firstLoadChunkName(): (id: string, graph: ModuleGraph) => string | null {
  const firstMemo = new Map<string, Set<string>>();
  const everMemo = new Map<string, Set<string>>();
  const everyBundle = Object.keys(ISLAND_BUNDLES).length;
  return (id, graph) => {
    // A bundle's own module starts its page's islands: it stays a file of its own, which nothing else imports.
    if (bundleOfModule.has(id)) return null;
    const first = bundlesReaching(id, graph, false, firstMemo);
    // What the boot script imports is fetched from the page's head, ahead of the hero photo: it stays small.
    if (first.size === 0 || first.has(BOOT)) return null;
    if (first.size === everyBundle) return "first-load";
    // Code any page may load later (the signed-in header's menu) stays out of a page's file, which every page
    // would otherwise fetch for it.
    if (bundlesReaching(id, graph, true, everMemo).size === everyBundle) return null;
    return `first-${[...first].sort().join("-")}`;
  };
}

/**
 * The bundles that reach a module: through static imports alone (the pages whose first download holds it), or
 * through lazy imports as well (the pages that may load it at all).
 */
function bundlesReaching(id: string, graph: ModuleGraph, lazyToo: boolean, memo: Map<string, Set<string>>) {
  const known = memo.get(id);
  if (known) return known;
  const found = new Set<string>();
  const seen = new Set([id]);
  const toVisit = [id];
  for (let module = toVisit.pop(); module !== undefined; module = toVisit.pop()) {
    const bundle = bundleOfModule.get(module);
    if (bundle) found.add(bundle);
    const info = graph.getModuleInfo(module);
    for (const importer of [...(info?.importers ?? []), ...(lazyToo ? (info?.dynamicImporters ?? []) : [])])
      if (!seen.has(importer)) {
        seen.add(importer);
        toVisit.push(importer);
      }
  }
  memo.set(id, found);
  return found;
}

/**
 * Imports from the icon and primitive packages' index files rewritten to the modules they name (`Menu` from
 * lucide-react's menu icon, `Dialog` from radix-ui's dialog). Each index imports every icon or primitive, so the
 * module graph the cut above reads would otherwise say every page needs all of them.
 */
export function directPackageImports(): Plugin {
  const iconFiles = lucideIconFiles();
  const targetOf: Record<string, (name: string) => string | null> = {
    "lucide-react": (name) => {
      const file = iconFiles.get(name);
      return file ? `import NAME from "lucide-react/icons/${file}";` : null;
    },
    "radix-ui": (name) => {
      const file = name.replace(/[A-Z]/g, (letter, at) => (at ? "-" : "") + letter.toLowerCase());
      return existsSync(path.join(root, "node_modules/radix-ui/dist", `${file}.mjs`))
        ? `import * as NAME from "radix-ui/${file}";`
        : null;
    },
  };
  return {
    name: "direct-package-imports",
    enforce: "pre",
    transform(code, id) {
      if (id.includes("node_modules") || !/\.tsx?$/.test(id)) return null;
      if (!code.includes('from "lucide-react"') && !code.includes('from "radix-ui"')) return null;
      const edited = new MagicString(code);
      for (const match of code.matchAll(/import\s*\{([^}]*)\}\s*from\s*"(lucide-react|radix-ui)";?/g)) {
        const [statement, names = "", pkg = ""] = match;
        const direct: string[] = [];
        const kept: string[] = [];
        for (const spec of names.split(",").map((part) => part.trim())) {
          if (!spec) continue;
          const [imported = "", local = imported] = spec.split(/\s+as\s+/);
          const target = spec.startsWith("type ") ? null : (targetOf[pkg]?.(imported) ?? null);
          if (target) direct.push(target.replace("NAME", local));
          else kept.push(spec);
        }
        if (direct.length === 0) continue;
        if (kept.length > 0) direct.push(`import { ${kept.join(", ")} } from "${pkg}";`);
        edited.overwrite(match.index, match.index + statement.length, direct.join("\n"));
      }
      return edited.hasChanged() ? { code: edited.toString(), map: edited.generateMap({ hires: true }) } : null;
    },
  };
}
