import path from "node:path";
import { defineConfig } from "vitest/config";

export default defineConfig({
  resolve: {
    alias: {
      "@": path.resolve(import.meta.dirname, "client"),
      "@common": path.resolve(import.meta.dirname, "common"),
    },
  },
  test: {
    include: ["tests/unit/**/*.test.ts", "tests/integration/**/*.test.ts"],
    globalSetup: ["tests/setup/global-setup.ts"],
    // Times what each file spends in set-up and tear-down, and fails a test that leaves a response body unread.
    setupFiles: ["tests/setup/hook-timings.ts", "tests/setup/response-bodies.ts"],
    // Each file gets its own database, so files run in parallel; one worker per core.
    pool: "forks",
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
