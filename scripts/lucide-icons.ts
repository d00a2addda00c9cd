import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const renderer = path.resolve(import.meta.dirname, "../client/lib/lucide-icon.ts");

/**
 * lucide-react's icon modules draw through the project's own renderer (client/lib/lucide-icon.ts) instead of the
 * package's `createLucideIcon`, in the builds the browser runs (the client app's and the islands'). The server's
 * renderer loads lucide-react from node_modules and draws with lucide's own; hydration agrees because the two
 * draw the same markup, which tests/unit/lucide-icons.test.ts requires of every icon the app imports.
 */
export function lucideIconRenderer(): Plugin {
  return {
    name: "lucide-icon-renderer",
    enforce: "pre",
    resolveId(source, importer) {
      if (
        source === "../createLucideIcon.mjs" &&
        importer &&
        /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/]/.test(importer)
      )
        return renderer;
      return null;
    },
  };
}

/** Each icon's exported names (`Menu`, `MenuIcon`, `LucideMenu`) to its module, from lucide-react's index. */
export function lucideIconFiles(): Map<string, string> {
  const index = readFileSync(
    path.resolve(import.meta.dirname, "../node_modules/lucide-react/dist/esm/lucide-react.mjs"),
    "utf8",
  );
  const files = new Map<string, string>();
  for (const [, names = "", file = ""] of index.matchAll(/^export \{ ([^}]+) \} from '\.\/icons\/([\w-]+)\.mjs';$/gm))
    for (const name of names.split(",")) files.set(name.trim().replace(/^default as /, ""), file);
  if (files.size < 1000) throw new Error("lucide-react's index no longer lists its icons as this build expects");
  return files;
}
