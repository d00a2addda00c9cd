// `npm test` step: the installed packages against npm's advisory database (npm audit), failing on any high or
// critical advisory that audit-allowlist.json does not excuse. Each excuse names the advisory, says why it cannot
// be fixed yet, and carries a date by which to look again; past that date it stops excusing.
// Where the registry does not offer the audit endpoint (an offline mirror answers 405), the step says so and
// passes, unless AUDIT_REQUIRED=1 (set it where the real registry is reachable).
import { spawnSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

export type AllowlistEntry = {
  /** The advisory's GHSA id, as in its github.com/advisories URL. */
  advisory: string;
  package: string;
  reason: string;
  /** YYYY-MM-DD: after this day the entry no longer excuses the advisory. */
  revisitBy: string;
};

/** The part of `npm audit --json` (report version 2) this check reads. */
export type AuditReport = {
  vulnerabilities?: Record<
    string,
    { name: string; severity: string; via: (string | { url?: string; title?: string; severity?: string })[] }
  >;
  error?: unknown;
  message?: string;
};

export type Finding = { package: string; advisory: string; title: string; severity: string };
export type Verdict =
  | { state: "unavailable"; why: string }
  | { state: "checked"; failing: Finding[]; excused: Finding[]; expired: AllowlistEntry[]; unused: AllowlistEntry[] };

const SERIOUS = new Set(["high", "critical"]);
const advisoryId = (url: string | undefined) => /(GHSA-[\w-]+)/.exec(url ?? "")?.[1] ?? url ?? "unknown";

/** What the report means against the allow-list on `today` (YYYY-MM-DD). */
export function auditVerdict(report: AuditReport, allowlist: readonly AllowlistEntry[], today: string): Verdict {
  if (report.error || (!report.vulnerabilities && report.message)) {
    return { state: "unavailable", why: report.message ?? JSON.stringify(report.error) };
  }
  const findings = new Map<string, Finding>();
  for (const vulnerability of Object.values(report.vulnerabilities ?? {})) {
    for (const via of vulnerability.via) {
      // A string names another vulnerable package (the path to it); that package has its own entry.
      if (typeof via === "string" || !SERIOUS.has(via.severity ?? "")) continue;
      const advisory = advisoryId(via.url);
      findings.set(`${vulnerability.name} ${advisory}`, {
        package: vulnerability.name,
        advisory,
        title: via.title ?? "",
        severity: via.severity ?? "",
      });
    }
  }
  const current = allowlist.filter((entry) => entry.revisitBy >= today);
  const excuses = (finding: Finding) =>
    current.some((entry) => entry.advisory === finding.advisory && entry.package === finding.package);
  const all = [...findings.values()];
  return {
    state: "checked",
    failing: all.filter((finding) => !excuses(finding)),
    excused: all.filter(excuses),
    expired: allowlist.filter((entry) => entry.revisitBy < today),
    unused: current.filter((entry) => !all.some((f) => f.advisory === entry.advisory && f.package === entry.package)),
  };
}

function main(): void {
  const root = path.resolve(import.meta.dirname, "..");
  const allowlist = (
    JSON.parse(readFileSync(path.join(root, "audit-allowlist.json"), "utf8")) as {
      entries: AllowlistEntry[];
    }
  ).entries;
  const run = spawnSync("npm", ["audit", "--json"], { cwd: root, encoding: "utf8", timeout: 120_000 });
  let report: AuditReport;
  try {
    report = JSON.parse(run.stdout || "{}") as AuditReport;
  } catch {
    report = { message: `npm audit printed no report: ${(run.stderr || run.stdout).slice(0, 300)}` };
  }
  const verdict = auditVerdict(report, allowlist, new Date().toISOString().slice(0, 10));
  if (verdict.state === "unavailable") {
    process.stdout.write(`npm audit could not ask the registry: ${verdict.why}\n`);
    if (process.env.AUDIT_REQUIRED === "1") process.exit(1);
    process.stdout.write("Not checked here; run it where the npm registry's audit endpoint answers.\n");
    return;
  }
  const line = (f: Finding) => `  ${f.severity} ${f.package} ${f.advisory}: ${f.title}`;
  for (const f of verdict.excused) process.stdout.write(`excused by audit-allowlist.json:\n${line(f)}\n`);
  for (const entry of verdict.unused) {
    process.stdout.write(`audit-allowlist.json excuses ${entry.advisory} (${entry.package}), no longer found\n`);
  }
  for (const entry of verdict.expired) {
    process.stdout.write(
      `audit-allowlist.json: ${entry.advisory} (${entry.package}) was to be revisited by ${entry.revisitBy}\n`,
    );
  }
  if (verdict.failing.length > 0) {
    process.stdout.write(`High or critical advisories:\n${verdict.failing.map(line).join("\n")}\n`);
    process.exit(1);
  }
  process.stdout.write("No high or critical advisory left unexcused.\n");
}

if (process.argv[1] && path.resolve(process.argv[1]) === path.resolve(import.meta.filename)) main();
