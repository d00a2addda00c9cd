/**
 * Money at scale: 10,000 stays that began yesterday, each with a landlord's share and a manager's fee in the ledger
 * (seeded in SQL), released by the transfer job as it runs in the app: every payee's share claimed, sent (demo
 * transfers: no Stripe call) and recorded in the ledger, 20,000 transfers and 80,000 ledger entries. Reports the
 * job's throughput and the p99 of one transfer (claim to commit), then the time of one landlord's monthly statement
 * with 5,000 lines as JSON, CSV and PDF (target: under 300 ms).
 * `npm run bench:payouts` writes bench/results/payouts.{md,json}.
 */
import { rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import pino from "pino";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { fromRoot } from "../../server/lib/project-root";
import { PayoutTransfers } from "../../server/services/money/payout-transfers";
import { StripeGateway } from "../../server/services/payments/stripe-gateway";
import { StatementsService } from "../../server/services/statements.service";
import { migratedDatabase, startBenchPostgres } from "../support/bench-postgres";
import { seedStays } from "./seed";

const STAYS = Number(process.env.BENCH_STAYS ?? 10_000);
/** One landlord owns this many of the stays: a charge line and a transfer line each, 5,000 lines in one month. */
const BIG_LANDLORD_STAYS = Math.min(2_500, Math.floor(STAYS / 4));
const STATEMENT_RUNS = 15;
const STATEMENT_TARGET_MS = 300;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
const round = (ms: number) => Math.round(ms * 10) / 10;

const loadAtStart = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(" / ");
const { dir, pgServer } = await startBenchPostgres("staylondon-bench-payouts-");
let release: Record<string, number> = {};
const statements: Record<string, { median: number; p99: number; met: boolean }> = {};
let data: Record<string, number> = {};
try {
  const { db } = await migratedDatabase(pgServer);
  const today = londonToday();
  const started = performance.now();
  data = await seedStays(db, { stays: STAYS, bigLandlordStays: BIG_LANDLORD_STAYS, checkIn: addDays(today, -1) });
  data.seedSeconds = Math.round((performance.now() - started) / 1000);
  console.log("seeded", data);

  // The job as the app runs it, with each transfer's claim-to-commit time kept (exact percentiles).
  const transfers = new PayoutTransfers(db, new StripeGateway({}), pino({ level: "silent" }));
  const sendTimes: number[] = [];
  const prototype = PayoutTransfers.prototype as unknown as { send: (id: number) => Promise<string> };
  const send = prototype.send;
  prototype.send = async function timed(this: unknown, id: number) {
    const at = performance.now();
    const outcome = await send.call(this, id);
    sendTimes.push(performance.now() - at);
    return outcome;
  };
  const runStarted = performance.now();
  let sent = 0;
  for (;;) {
    const outcome = await transfers.releaseDue(today);
    sent += outcome.sent;
    if (outcome.claimed === 0 && outcome.sent === 0) break;
  }
  const seconds = (performance.now() - runStarted) / 1000;
  sendTimes.sort((a, b) => a - b);
  const entries = await db.$client.query(
    "select count(*)::int as n from ledger_entries e join ledger_transactions t on t.id = e.transaction_id where t.kind = 'transfer'",
  );
  release = {
    transfers: sent,
    ledgerEntriesWritten: entries.rows[0].n,
    seconds: round(seconds),
    transfersPerSecond: Math.round(sent / seconds),
    p50Ms: round(percentile(sendTimes, 50)),
    p99Ms: round(percentile(sendTimes, 99)),
    maxMs: round(sendTimes.at(-1) ?? 0),
  };
  console.log("released", release);

  // One landlord's statement of this month: their stays' earnings and the transfers just made.
  const service = new StatementsService(db);
  const landlord = { id: data.bigLandlordId ?? 0, role: "landlord" as const, isApproved: true, phoneVerified: true };
  const month = today.slice(0, 7);
  const lines = (await service.statement(landlord, month)).lines.length;
  data.statementLines = lines;
  const kinds = {
    json: () => service.statement(landlord, month),
    csv: () => service.statementCsv(landlord, month),
    pdf: () => service.statementPdf(landlord, month),
  };
  for (const [kind, run] of Object.entries(kinds)) {
    await run();
    const times: number[] = [];
    for (let i = 0; i < STATEMENT_RUNS; i += 1) {
      const at = performance.now();
      await run();
      times.push(performance.now() - at);
    }
    times.sort((a, b) => a - b);
    const median = round(percentile(times, 50));
    statements[kind] = { median, p99: round(percentile(times, 99)), met: median < STATEMENT_TARGET_MS };
  }
  console.log("statement", lines, "lines", statements);
  await db.$client.end();
} finally {
  await pgServer.stop();
  rmSync(dir, { recursive: true, force: true });
}

const loadAtEnd = os
  .loadavg()
  .map((n) => n.toFixed(2))
  .join(" / ");
const machine = `${os.cpus().length} × ${os.cpus()[0]?.model ?? "CPU"}, ${Math.round(os.totalmem() / 2 ** 30)} GiB, Node ${process.version}`;
writeFileSync(
  fromRoot("bench/results/payouts.json"),
  `${JSON.stringify({ date: new Date().toISOString(), machine, loadAtStart, loadAtEnd, data, release, statements }, null, 2)}\n`,
);
writeFileSync(
  fromRoot("bench/results/payouts.md"),
  `# Payouts benchmark

Reproduce: \`npm run bench:payouts\` (about a minute; it starts its own embedded PostgreSQL and removes it after).

Machine: ${machine}. Embedded PostgreSQL; the job runs in the benchmark's own process, as it does in the app.
Load average (1/5/15 min): ${loadAtStart} at the start, ${loadAtEnd} at the end.

Data, seeded in SQL in ${data.seedSeconds} s: ${data.stays} stays that began yesterday, each charged (a landlord's share
and a 10% manager's fee) and paid in the ledger (${data.ledgerEntries} entries); every payee has a ready demo payout
account. One landlord owns ${BIG_LANDLORD_STAYS} of the stays.

## Releasing transfers

Every payee's share claimed, sent (demo transfers: no call to Stripe) and recorded in the ledger with marking it sent,
one transaction per transfer, in batches of 500 as the job runs.

| transfers | ledger entries written | seconds | transfers/s | p50 ms | p99 ms | max ms |
|---|---|---|---|---|---|---|
| ${release.transfers} | ${release.ledgerEntriesWritten} | ${release.seconds} | ${release.transfersPerSecond} | ${release.p50Ms} | **${release.p99Ms}** | ${release.maxMs} |

## A landlord's monthly statement with ${data.statementLines} lines

Median and p99 of ${STATEMENT_RUNS} runs after one warm-up, in the service (no HTTP). Target: under ${STATEMENT_TARGET_MS} ms.

| format | median ms | p99 ms | target met |
|---|---|---|---|
${Object.entries(statements)
  .map(([kind, s]) => `| ${kind} | **${s.median}** | ${s.p99} | ${s.met ? "yes" : "**no**"} |`)
  .join("\n")}
`,
);
