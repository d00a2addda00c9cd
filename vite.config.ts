import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { type BuildEnvironmentOptions, defineConfig } from "vite";
import { ISLAND_BUNDLES } from "./client/app/islands/registry";
import { ISLANDS_BOOT_MODULE } from "./common/utils/page-scripts";
import { directPackageImports, firstLoadChunkName } from "./scripts/island-chunks";
import { lucideIconRenderer } from "./scripts/lucide-icons";

const apiPort = process.env.API_PORT ?? "5001";

/** The islands' manifest, beside the client app's in dist/client (server/plugins/page-rendering.ts reads it). */
const ISLANDS_MANIFEST = ".vite/islands-manifest.json";

/**
 * The islands are a build of their own (decision 046): a page sent as finished HTML fetches their boot script (in
 * place of the client app's entry), React, its kind of page's bundle of islands and what the bundles share, and none
 * of the client app. Their files are named apart
 * from the app's, as both builds write to dist/client/assets.
 */
const ISLANDS_BUILD: NonNullable<BuildEnvironmentOptions["rollupOptions"]> = {
  input: {
    boot: path.resolve(import.meta.dirname, "client", ISLANDS_BOOT_MODULE),
    ...Object.fromEntries(
      Object.entries(ISLAND_BUNDLES).map(([name, bundle]) => [
        name,
        path.resolve(import.meta.dirname, "client", bundle.module),
      ]),
    ),
  },
  preserveEntrySignatures: false,
  output: {
    entryFileNames: "assets/islands-[name]-[hash].js",
    chunkFileNames: "assets/islands-[name]-[hash].js",
    codeSplitting: {
      // What every island reads through (the session and the API client) in one file, not split wherever two
      // bundles happen to share a part of it (each split costs every page its own file). The roles' access table
      // is left out: only the listing and the signed-in menus need it. Then what each set of pages needs before it
      // is interactive, one file per set (scripts/island-chunks.ts). Copying small shared chunks into their users
      // (as the app's build does) sent more bytes: it was measured.
      groups: [
        {
          name: "data",
          test: /@tanstack[\\/]|client[\\/]lib[\\/](api-client|query-client)|features[\\/]auth[\\/]api[\\/]session|app[\\/](server-state|islands[\\/]query-data)/,
          // Not what these import as well: React, which a page without the cache needs all the same.
          includeDependenciesRecursively: false,
          priority: 2,
        },
        { name: firstLoadChunkName(), priority: 1, includeDependenciesRecursively: false },
      ],
    },
  },
};

// `vite build` makes the browser's bundle (dist/client); `vite build --mode islands` the islands of the pages sent
// as finished HTML, beside it; `vite build --ssr entry-server.tsx` the server's renderer of the public pages
// (dist/ssr), which the API server loads at start.
export default defineConfig(({ isSsrBuild, mode }) => ({
  root: "client",
  publicDir: isSsrBuild || mode === "islands" ? false : "public",
  plugins: [react(), tailwindcss(), lucideIconRenderer(), ...(mode === "islands" ? [directPackageImports()] : [])],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? "dist/ssr" : "dist/client"),
    emptyOutDir: mode !== "islands",
    sourcemap: true,
    // Which files make up each page: the server preloads a page's code, and the weight check adds it up.
    manifest: isSsrBuild ? false : mode === "islands" ? ISLANDS_MANIFEST : true,
    // Small shared chunks (an icon, a button) are copied into the chunks that use them instead of being files of
    // their own: a public page went from about 70 script requests to 11-18, and each file's own compression and
    // headers no longer add up. Rolldown keeps one copy of each module's state (decision 020).
    rollupOptions: isSsrBuild
      ? {}
      : mode === "islands"
        ? ISLANDS_BUILD
        : {
            preserveEntrySignatures: false,
            output: {
              codeSplitting: {
                // Every page reads through the API client and TanStack Query's hooks, and the session's schemas read
                // the roles' permissions: kept as one file, rather than split wherever a new page happens to use one
                // without the others (each split cost every page 0.6 to 0.8 KB).
                groups: [
                  {
                    name: "data",
                    test: /@tanstack[\\/]react-query|client[\\/]lib[\\/]api-client|common[\\/]domain[\\/]permissions/,
                  },
                ],
                experimentalInlineCommonChunks: {
                  maxSize: 8 * 1024,
                  exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
                },
              },
            },
          },
  },
  server: {
    port: Number(process.env.PORT ?? 5000),
    proxy: {
      "/api": `http://127.0.0.1:${apiPort}`,
      "/media": `http://127.0.0.1:${apiPort}`,
      "/healthz": `http://127.0.0.1:${apiPort}`,
    },
  },
}));
