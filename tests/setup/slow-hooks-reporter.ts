import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";
import type { HookTimings } from "./hook-timings";

/** Flagged from here: a server close or a database drop should take a fraction of it. */
const SLOW_MS = 5_000;
const SHOWN = 10;

/**
 * Prints the slowest set-up and tear-down of the run (timed in the workers by tests/setup/hook-timings.ts), so a
 * close that starts to wait on something (a client that stopped reading, a pool that never drains) shows up while
 * it takes seconds, long before it reaches the hook timeout.
 */
export default class SlowHooksReporter implements Reporter {
  private root = process.cwd();

  onInit(vitest: { config: { root: string } }): void {
    this.root = vitest.config.root;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules.flatMap((module) => {
      const timings = (module.meta() as { hookTimings?: HookTimings }).hookTimings;
      if (!timings) return [];
      const file = path.relative(this.root, module.moduleId);
      return [
        { ms: timings.setUpMs, what: `set-up before the first test of ${file}` },
        { ms: timings.tearDownMs, what: `tear-down after the last test of ${file}` },
        { ms: timings.betweenTestsMs, what: `longest wait between two tests of ${file}` },
      ];
    });
    const slowest = rows.sort((a, b) => b.ms - a.ms).slice(0, SHOWN);
    if (slowest.length === 0) return;
    const lines = slowest.map(
      ({ what, ms }) => `  ${ms >= SLOW_MS ? "SLOW" : "    "} ${(ms / 1000).toFixed(1).padStart(6)} s  ${what}`,
    );
    process.stdout.write(`\nSlowest set-up and tear-down (flagged from ${SLOW_MS / 1000} s):\n${lines.join("\n")}\n`);
  }
}
