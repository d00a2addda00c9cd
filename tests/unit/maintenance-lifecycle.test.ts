import { describe, expect, it } from "vitest";
import {
  availableMaintenanceTransitions,
  displayedStatus,
  formatEstimatedDuration,
  isCoordinator,
  MAINTENANCE_STATUSES,
  MAINTENANCE_TRANSITION_NAMES,
  type MaintenancePart,
  type MaintenanceStatus,
  type MaintenanceTransition,
  maintenanceTransition,
} from "../../common/domain/maintenance";

const PARTS: MaintenancePart[] = ["reporter", "owner", "manager", "contractor", "admin"];
const RUN = ["owner", "manager", "admin"] as const;

/**
 * The lifecycle written out by hand, independently of MAINTENANCE_TRANSITIONS: for each transition, who may fire it,
 * from which statuses, and where the job goes ("same": it stays where it was).
 */
const EXPECTED: Record<
  MaintenanceTransition,
  { by: readonly MaintenancePart[]; from: readonly MaintenanceStatus[]; to: MaintenanceStatus | "same" }
> = {
  triage: { by: RUN, from: ["pending", "scheduled", "in_progress"], to: "same" },
  offer: { by: RUN, from: ["pending"], to: "pending" },
  accept: { by: ["contractor"], from: ["pending"], to: "scheduled" },
  decline_offer: { by: ["contractor"], from: ["pending"], to: "pending" },
  reschedule: { by: RUN, from: ["pending", "scheduled"], to: "same" },
  propose_date: { by: ["contractor"], from: ["scheduled"], to: "scheduled" },
  accept_proposed_date: { by: RUN, from: ["scheduled"], to: "scheduled" },
  update_progress: { by: ["contractor"], from: ["scheduled", "in_progress"], to: "in_progress" },
  complete: { by: ["contractor"], from: ["in_progress"], to: "completed" },
  decline_report: { by: RUN, from: ["pending"], to: "declined" },
  withdraw_report: { by: ["reporter"], from: ["pending"], to: "cancelled" },
  cancel: { by: RUN, from: ["pending", "scheduled", "in_progress"], to: "cancelled" },
  mark_paid: { by: RUN, from: ["completed"], to: "completed" },
};

describe("the maintenance lifecycle, transition by part by status", () => {
  const cases = MAINTENANCE_TRANSITION_NAMES.flatMap((name) =>
    PARTS.flatMap((part) => MAINTENANCE_STATUSES.map((status) => [name, part, status] as const)),
  );

  it("names exactly the transitions written out here", () => {
    expect([...MAINTENANCE_TRANSITION_NAMES].sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  it.each(cases)("%s by the %s of a %s job", (name, part, status) => {
    const rule = EXPECTED[name];
    const outcome = maintenanceTransition(name, status, part);
    if (!rule.by.includes(part)) {
      // A part that may never make the change is refused whatever the status: a 403.
      expect(outcome).toEqual({ ok: false, code: 403, reason: "You are not allowed to make this change to the job." });
    } else if (!rule.from.includes(status)) {
      expect(outcome).toMatchObject({ ok: false, code: 409 });
    } else {
      expect(outcome).toEqual({ ok: true, to: rule.to === "same" ? status : rule.to });
    }
  });

  it("explains a wrong status in the job's own words", () => {
    expect(maintenanceTransition("accept", "scheduled", "contractor")).toEqual({
      ok: false,
      code: 409,
      reason: "This job is scheduled and can no longer be changed this way.",
    });
  });

  it("leaves nothing to do on a declined or cancelled job, and only payment on a completed one", () => {
    for (const part of PARTS) {
      expect(availableMaintenanceTransitions("declined", part)).toEqual([]);
      expect(availableMaintenanceTransitions("cancelled", part)).toEqual([]);
      expect(availableMaintenanceTransitions("completed", part)).toEqual(isCoordinator(part) ? ["mark_paid"] : []);
    }
  });

  it("offers each part its buttons on a pending job", () => {
    expect(availableMaintenanceTransitions("pending", "reporter")).toEqual(["withdraw_report"]);
    expect(availableMaintenanceTransitions("pending", "contractor")).toEqual(["accept", "decline_offer"]);
    expect(availableMaintenanceTransitions("pending", "manager")).toEqual([
      "triage",
      "offer",
      "reschedule",
      "decline_report",
      "cancel",
    ]);
  });
});

describe("how a job reads", () => {
  it("shows an urgent job nobody has taken as urgent, and otherwise its status", () => {
    expect(displayedStatus({ status: "pending", isUrgent: true })).toBe("urgent");
    expect(displayedStatus({ status: "pending", isUrgent: false })).toBe("pending");
    expect(displayedStatus({ status: "scheduled", isUrgent: true })).toBe("scheduled");
  });

  it("says its estimate in hours", () => {
    expect(formatEstimatedDuration(1)).toBe("1 hour");
    expect(formatEstimatedDuration(3)).toBe("3 hours");
  });

  it("counts the owner, the manager and an admin as running the job", () => {
    expect(PARTS.filter(isCoordinator)).toEqual(["owner", "manager", "admin"]);
  });
});
