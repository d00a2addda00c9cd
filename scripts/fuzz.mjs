// `npm run fuzz`: the generated bad-input sweep at full size (1,500 requests on each write route, over 100,000 in
// all), with a new seed each run unless FUZZ_SEED is given. Not part of `npm test`, which sends 180 a route from a
// fixed seed. A failure names its seed: `FUZZ_SEED=<seed> npm run fuzz` replays it.
import { spawnSync } from "node:child_process";
import path from "node:path";

const root = path.resolve(import.meta.dirname, "..");
const seed = process.env.FUZZ_SEED ?? String(Math.floor(Math.random() * 2 ** 31));
const runs = process.env.FUZZ_RUNS ?? "1500";
process.stdout.write(`Bad-input sweep: FUZZ_SEED=${seed} FUZZ_RUNS=${runs} (requests per write route)\n`);
const started = Date.now();
const result = spawnSync("npx", ["vitest", "run", "tests/integration/bad-input.test.ts", ...process.argv.slice(2)], {
  cwd: root,
  stdio: "inherit",
  env: { ...process.env, FUZZ_SEED: seed, FUZZ_RUNS: runs },
});
const minutes = ((Date.now() - started) / 60_000).toFixed(1);
process.stdout.write(
  `Bad-input sweep ${result.status === 0 ? "passed" : "FAILED"} in ${minutes} min (FUZZ_SEED=${seed})\n`,
);
process.exit(result.status ?? 1);
