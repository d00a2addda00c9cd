import os from "node:os";

/**
 * What a benchmark's figures must be read with, on a machine others share: the load average (1/5/15 min) when it was
 * taken, and each figure as the median of several runs with their spread, so one disturbed run does not pass for the
 * result.
 */

/** The machine's load average now, as "1.27 / 3.47 / 6.89". */
export const loadAverage = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");

/** How many times each measurement is repeated: BENCH_RUNS, three by default. */
export function benchRuns(): number {
  const runs = Number(process.env.BENCH_RUNS ?? 3);
  if (!Number.isInteger(runs) || runs < 1) throw new Error("BENCH_RUNS is a whole number of runs, at least 1");
  return runs;
}

/** The median of the runs' values and their lowest and highest. */
export type Spread = { median: number; min: number; max: number };

export function spreadOf(values: readonly number[]): Spread {
  if (values.length === 0) throw new Error("no runs to summarise");
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const median =
    sorted.length % 2 === 1 ? (sorted[middle] ?? 0) : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return { median: Math.round(median * 10) / 10, min: sorted[0] ?? 0, max: sorted.at(-1) ?? 0 };
}

/** "12.3 (11.9–14.0)": the median, then the spread when the runs differ. */
export const showSpread = (s: Spread) => (s.min === s.max ? `${s.median}` : `${s.median} (${s.min}–${s.max})`);

/**
 * A money figure the API answered (pounds) against the same figure summed directly from the ledger (pence). A total
 * of nothing fails too (`mayBeZero` for a part of one): a benchmark of empty answers measures no work.
 */
export function expectSameMoney(label: string, answeredPounds: number, ledgerPence: number, mayBeZero = false): void {
  if (Math.round(answeredPounds * 100) !== ledgerPence) {
    throw new Error(`${label}: the API answered £${answeredPounds}, the ledger sums to ${ledgerPence} pence`);
  }
  if (ledgerPence === 0 && !mayBeZero) throw new Error(`${label}: nothing in the ledger to measure`);
}
