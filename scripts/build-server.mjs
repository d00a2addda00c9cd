// Bundles the server's TypeScript into dist/server/server.js; npm packages stay external.
import { build } from "esbuild";

await build({
  entryPoints: ["server/server.ts"],
  outfile: "dist/server/server.js",
  bundle: true,
  platform: "node",
  target: "node20",
  format: "esm",
  packages: "external",
  sourcemap: true,
  logLevel: "warning",
});
