import path from "node:path";
import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const apiPort = process.env.API_PORT ?? "5001";

// `vite build` makes the browser's bundle (dist/client); `vite build --ssr entry-server.tsx` the server's
// renderer of the public pages (dist/ssr), which the API server loads at start.
export default defineConfig(({ isSsrBuild }) => ({
  root: "client",
  publicDir: isSsrBuild ? false : "public",
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  build: {
    outDir: path.resolve(import.meta.dirname, isSsrBuild ? "dist/ssr" : "dist/client"),
    emptyOutDir: true,
    sourcemap: true,
    // Which files make up each page: the server preloads a page's code, and the weight check adds it up.
    manifest: !isSsrBuild,
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
