/**
 * The statement PDF alone, without the database: a table of 5,000 rows shaped like a busy landlord's month (2,500
 * stays with their fee notes, 2,500 transfers), amounts formatted as the service does, rendered 9 times after one
 * warm-up. Prints the load average and the median with min and max, for comparing renderer changes on a shared
 * machine (run it before and after in the same minute). `npx tsx bench/payouts/statement-pdf.ts`
 */
import os from "node:os";
import { formatPence } from "../../common/domain/money-documents";
import { type PdfDocumentSpec, type PdfRow, renderPdf } from "../../server/lib/pdf-document";

const STAYS = 2_500;
const RUNS = 9;

function statement(): PdfDocumentSpec {
  const rows: PdfRow[] = [];
  let balance = 0;
  for (let i = 0; i < STAYS; i += 1) {
    balance += 45_000 + i;
    rows.push([
      "2026-11-28",
      `SL-${100_000 + i}`,
      "Stay earnings (demo)",
      formatPence(45_000 + i),
      formatPence(balance),
    ]);
    rows.push({
      note: `Stay total ${formatPence(55_000 + i)}, guest's service fee ${formatPence(5_000)}, manager's fee ${formatPence(5_000)}`,
    });
  }
  for (let i = 0; i < STAYS; i += 1) {
    balance -= 45_000 + i;
    rows.push([
      "2026-11-29",
      "",
      "Transfer to your bank account (demo)",
      formatPence(-45_000 - i),
      formatPence(balance),
    ]);
  }
  return {
    title: "Statement for November 2026",
    issuer: ["StayLondon"],
    issuedAt: new Date("2026-11-30T12:00:00Z"),
    facts: [["Payee", "A landlord"]],
    tables: [
      {
        columns: [
          { header: "Date", width: 0.13 },
          { header: "Reference", width: 0.14 },
          { header: "Description", width: 0.41 },
          { header: "Amount", width: 0.16, align: "right" },
          { header: "Balance", width: 0.16, align: "right" },
        ],
        rows,
        totals: [["Closing balance", formatPence(balance)]],
      },
    ],
  };
}

const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(" / ");
const loadAtStart = load();
await renderPdf(statement());
const times: number[] = [];
for (let i = 0; i < RUNS; i += 1) {
  const at = performance.now();
  await renderPdf(statement());
  times.push(performance.now() - at);
}
times.sort((a, b) => a - b);
const ms = (n: number | undefined) => (n ?? 0).toFixed(0);
console.log(
  `load ${loadAtStart} → ${load()}; ${STAYS * 3} rows: median ${ms(times[Math.floor(RUNS / 2)])} ms (${ms(times[0])}–${ms(times.at(-1))})`,
);
