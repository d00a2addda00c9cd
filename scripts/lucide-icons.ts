import { readFileSync } from "node:fs";
import path from "node:path";
import type { Plugin } from "vite";

const renderer = path.resolve(import.meta.dirname, "../client/lib/lucide-icon.ts");

/**
 * lucide-react's icon modules draw through the project's own renderer (client/lib/lucide-icon.ts) instead of the
 * package's `createLucideIcon`. Every build takes it (the browser's, the islands', the server's renderer), so the
 * server's markup and the browser's hydration draw icons the same way.
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
