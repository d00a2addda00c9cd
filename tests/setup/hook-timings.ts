import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";

/**
 * Times, inside the worker, what a file spends outside its tests: set-up before the first test (databases, servers,
 * people signed in), tear-down after the last (servers closed, databases dropped), and the longest stretch between
 * two tests (a describe block's own set-up and tear-down). tests/setup/slow-hooks-reporter.ts prints the slowest.
 * Registered before the file's own hooks, so its beforeAll runs first and its afterAll last.
 */
export type HookTimings = { setUpMs: number; tearDownMs: number; betweenTestsMs: number };

let fileStarted = 0;
let firstTest = 0;
let lastTestEnded = 0;
let betweenTestsMs = 0;

beforeAll(() => {
  fileStarted = performance.now();
});

beforeEach(() => {
  const now = performance.now();
  if (firstTest === 0) firstTest = now;
  else betweenTestsMs = Math.max(betweenTestsMs, now - lastTestEnded);
});

afterEach(() => {
  lastTestEnded = performance.now();
});

// biome-ignore lint/correctness/noEmptyPattern: Vitest reads a hook's fixtures from this pattern; the suite comes second
afterAll(({}, suite) => {
  const timings: HookTimings = {
    setUpMs: (firstTest || performance.now()) - fileStarted,
    tearDownMs: lastTestEnded === 0 ? 0 : performance.now() - lastTestEnded,
    betweenTestsMs,
  };
  (suite.meta as { hookTimings?: HookTimings }).hookTimings = timings;
});
