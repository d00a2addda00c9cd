import { describe, expect, it } from "vitest";
import { type AuditReport, auditVerdict } from "../../scripts/audit-dependencies";

/** Shaped like `npm audit --json` (report version 2): a direct advisory, and a package vulnerable through it. */
const REPORT: AuditReport = {
  vulnerabilities: {
    busboy: {
      name: "busboy",
      severity: "high",
      via: [
        {
          url: "https://github.com/advisories/GHSA-wm7h-9275-46v2",
          title: "Denial of service in dicer",
          severity: "high",
        },
      ],
    },
    s3rver: { name: "s3rver", severity: "high", via: ["busboy"] },
    "left-pad": {
      name: "left-pad",
      severity: "moderate",
      via: [{ url: "https://github.com/advisories/GHSA-aaaa-bbbb-cccc", title: "Minor", severity: "moderate" }],
    },
  },
};
const excuse = {
  advisory: "GHSA-wm7h-9275-46v2",
  package: "busboy",
  reason: "Only the test S3 server uses it, on loopback",
  revisitBy: "2027-03-01",
};

describe("the dependency audit", () => {
  it("fails on a high advisory nobody excused, and not on moderate ones or on the path to it", () => {
    const verdict = auditVerdict(REPORT, [], "2026-11-27");
    expect(verdict).toMatchObject({
      state: "checked",
      failing: [{ package: "busboy", advisory: "GHSA-wm7h-9275-46v2", severity: "high" }],
    });
  });

  it("lets an advisory through while its excuse is current, and fails again once its date has passed", () => {
    expect(auditVerdict(REPORT, [excuse], "2027-03-01")).toMatchObject({
      failing: [],
      excused: [{ package: "busboy" }],
    });
    expect(auditVerdict(REPORT, [excuse], "2027-03-02")).toMatchObject({
      failing: [{ package: "busboy" }],
      expired: [excuse],
    });
  });

  it("an excuse for another package's advisory excuses nothing", () => {
    expect(auditVerdict(REPORT, [{ ...excuse, package: "s3rver" }], "2026-11-27")).toMatchObject({
      failing: [{ package: "busboy" }],
      unused: [{ package: "s3rver" }],
    });
  });

  it("says when the registry could not be asked, rather than reporting a clean audit", () => {
    const refused = {
      message: "405 Method Not Allowed - POST https://registry.npmjs.org/-/npm/v1/security/advisories/bulk",
    };
    expect(auditVerdict(refused, [], "2026-11-27")).toEqual({ state: "unavailable", why: refused.message });
  });
});
