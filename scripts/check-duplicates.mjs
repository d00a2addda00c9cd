// Copy-paste held in check: jscpd (settings in .jscpd.json: runs of 6 or more lines and 35 or more tokens, comments
// ignored) counts the places in client, server and common that repeat another place to the token. The count may go
// down, never up: a change that copies code fails lint, and one that removes copies lowers MAX_CLONES with it.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Exact clones today; lower it when a change removes some, so they cannot come back. */
const MAX_CLONES = 33;

const root = path.resolve(import.meta.dirname, "..");
const out = mkdtempSync(path.join(os.tmpdir(), "jscpd-"));
try {
  execFileSync(
    path.join(root, "node_modules/.bin/jscpd"),
    ["--config", ".jscpd.json", "--output", out, "client", "server", "common"],
    { cwd: root, stdio: ["ignore", "ignore", "inherit"] },
  );
  const report = JSON.parse(readFileSync(path.join(out, "jscpd-report.json"), "utf8"));
  const { clones, percentage } = report.statistics.total;
  if (clones > MAX_CLONES) {
    console.error(`Copy-paste grew: ${clones} clones (at most ${MAX_CLONES}). All of them, to find the new:`);
    for (const d of report.duplicates.slice(0, 200)) {
      console.error(
        `  ${d.firstFile.name}:${d.firstFile.start}-${d.firstFile.end} ~ ${d.secondFile.name}:${d.secondFile.start}-${d.secondFile.end}`,
      );
    }
    console.error(
      "Share the code instead (components/ui, lib, common), or run `npx jscpd client server common` to see them all.",
    );
    process.exit(1);
  }
  const note = clones < MAX_CLONES ? `; lower MAX_CLONES in scripts/check-duplicates.mjs to ${clones}` : "";
  console.log(`Copy-paste: ${clones} clones, ${percentage.toFixed(2)}% of lines (at most ${MAX_CLONES})${note}.`);
} finally {
  rmSync(out, { recursive: true, force: true });
}
