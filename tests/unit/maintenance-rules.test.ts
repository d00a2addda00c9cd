import { addDays } from "@common/domain/calendar-dates";
import { lastReportDay, REPORT_DAYS_AFTER_STAY } from "@common/domain/maintenance";
import type { TContractorEarnings, TMaintenanceJob } from "@common/schemas/maintenance";
import { describe, expect, it } from "vitest";
import {
  contractorFigures,
  jobActionsFor,
  mayEditPhotos,
  mayReportFromStay,
  nullableNumber,
  reportsFromStay,
  splitContractorJobs,
  upcomingDateOr,
  workDateBounds,
} from "../../client/features/maintenance/utils/job-rules";
import { managerFigures } from "../../client/features/manager-dashboard/utils/manager-figures";

/** A job as the lists answer it, with only what a rule reads set apart from the defaults. */
function job(overrides: Partial<TMaintenanceJob> = {}): TMaintenanceJob {
  return {
    id: 1,
    reference: "MJ-000001",
    propertyId: 10,
    propertySlug: "riverside-loft",
    propertyName: "Riverside Loft",
    city: "Southwark",
    propertyUnderMaintenance: false,
    bookingId: null,
    address: null,
    issue: "Kitchen tap leaking",
    description: "Dripping under the sink since Monday.",
    category: "plumbing",
    priority: "medium",
    isUrgent: false,
    status: "pending",
    displayStatus: "pending",
    requestedDate: "2027-03-01",
    scheduledDate: null,
    estimatedHours: null,
    estimatedDuration: null,
    vacantNights: null,
    contact: null,
    phone: null,
    payment: null,
    finalCost: null,
    workStage: null,
    proposedDate: null,
    proposedNote: null,
    closingReason: null,
    completionNote: null,
    completedAt: null,
    paidAt: null,
    contractor: null,
    reportedBy: { name: "Amira K.", part: "guest" },
    photos: [],
    viewerPart: "contractor",
    myOffer: null,
    actions: [],
    createdAt: "2027-03-01T09:00:00Z",
    updatedAt: "2027-03-01T09:00:00Z",
    ...overrides,
  };
}

describe("when a guest may report a problem from a stay", () => {
  const stay = { id: 7, status: "confirmed", checkIn: "2027-03-10", checkOut: "2027-03-14", propertyId: 10 };

  it("opens on the day they check in and closes REPORT_DAYS_AFTER_STAY days after they check out", () => {
    expect(lastReportDay(stay)).toBe(addDays("2027-03-14", REPORT_DAYS_AFTER_STAY));
    expect(mayReportFromStay(stay, "2027-03-09")).toBe(false);
    expect(mayReportFromStay(stay, "2027-03-10")).toBe(true);
    expect(mayReportFromStay(stay, "2027-03-14")).toBe(true);
    expect(mayReportFromStay(stay, lastReportDay(stay))).toBe(true);
    expect(mayReportFromStay(stay, addDays(lastReportDay(stay), 1))).toBe(false);
  });

  it("counts completed stays too, never pending or cancelled ones", () => {
    expect(mayReportFromStay({ ...stay, status: "completed" }, "2027-03-20")).toBe(true);
    expect(mayReportFromStay({ ...stay, status: "pending" }, "2027-03-11")).toBe(false);
    expect(mayReportFromStay({ ...stay, status: "cancelled" }, "2027-03-11")).toBe(false);
  });

  it("finds the reports that came from the stay, not those from another stay or by the property's runners", () => {
    const reports = [
      job({ id: 1, bookingId: 7 }),
      job({ id: 2, bookingId: 7, requestedDate: lastReportDay(stay) }),
      job({ id: 3, bookingId: 8 }),
      job({ id: 4, bookingId: null }),
    ];
    expect(reportsFromStay(reports, stay).map((r) => r.id)).toEqual([1, 2]);
  });
});

describe("the contractor's tabs and figures", () => {
  const jobs = [
    job({ id: 1, status: "in_progress", displayStatus: "in_progress" }),
    job({ id: 2, status: "pending", myOffer: { status: "open" } }),
    job({ id: 3, status: "scheduled", displayStatus: "scheduled", scheduledDate: "2027-04-02" }),
    job({ id: 4, status: "scheduled", displayStatus: "scheduled", scheduledDate: "2027-03-20" }),
    // An offer another contractor won is withdrawn for this one: it is no longer theirs to answer.
    job({ id: 5, status: "pending", myOffer: { status: "withdrawn" } }),
  ];

  it("puts work under way first, then open offers, in Active Jobs; Scheduled by date", () => {
    const split = splitContractorJobs(jobs);
    expect(split.active.map((j) => j.id)).toEqual([1, 2]);
    expect(split.scheduled.map((j) => j.id)).toEqual([4, 3]);
  });

  it("counts from real data, and is all zeros before any (never the sample 2, 5, 12 and 3,450)", () => {
    const earnings: TContractorEarnings = {
      totals: {
        earned: 1250.5,
        settlement: { collected: 1000, expected: 250.5, demo: 0 },
        thisMonth: 250.5,
        paidJobs: 3,
        completedJobs: 4,
        awaitingPayment: 1,
      },
      months: [],
    };
    expect(contractorFigures(jobs, earnings)).toEqual({
      active: 1,
      scheduled: 2,
      pendingOffers: 1,
      completed: 4,
      earned: 1250.5,
      awaitingPayment: 1,
    });
    expect(contractorFigures(undefined, undefined)).toEqual({
      active: 0,
      scheduled: 0,
      pendingOffers: 0,
      completed: 0,
      earned: 0,
      awaitingPayment: 0,
    });
  });
});

describe("the buttons of a job's dialog", () => {
  it("offers what the server lists, in the dialog's order", () => {
    expect(jobActionsFor(job({ actions: ["decline_offer", "accept"] }))).toEqual(["accept", "decline_offer"]);
    expect(jobActionsFor(job({ actions: [] }))).toEqual([]);
  });

  it("adds taking the property offline only for whoever runs an open, urgent job", () => {
    const urgent = { isUrgent: true, status: "pending" as const, actions: ["offer", "cancel"] };
    expect(jobActionsFor(job({ ...urgent, viewerPart: "manager" }))).toEqual([
      "offer",
      "property_maintenance",
      "cancel",
    ]);
    expect(jobActionsFor(job({ ...urgent, viewerPart: "reporter" }))).not.toContain("property_maintenance");
    expect(jobActionsFor(job({ ...urgent, viewerPart: "contractor" }))).not.toContain("property_maintenance");
    expect(jobActionsFor(job({ ...urgent, viewerPart: "owner", isUrgent: false }))).not.toContain(
      "property_maintenance",
    );
    expect(jobActionsFor(job({ ...urgent, viewerPart: "owner", status: "completed" }))).not.toContain(
      "property_maintenance",
    );
  });
});

describe("who may add a job's photos", () => {
  it("is its reporter or whoever runs it, while it is open", () => {
    expect(mayEditPhotos(job({ viewerPart: "reporter", status: "pending" }))).toBe(true);
    expect(mayEditPhotos(job({ viewerPart: "manager", status: "in_progress" }))).toBe(true);
    expect(mayEditPhotos(job({ viewerPart: "owner", status: "scheduled" }))).toBe(true);
    expect(mayEditPhotos(job({ viewerPart: "contractor", status: "in_progress" }))).toBe(false);
    expect(mayEditPhotos(job({ viewerPart: "owner", status: "completed" }))).toBe(false);
    expect(mayEditPhotos(job({ viewerPart: "reporter", status: "cancelled" }))).toBe(false);
  });
});

describe("the work-date fields", () => {
  it("run from today to a year ahead, and start from the job's date only while it is still ahead", () => {
    expect(workDateBounds("2027-03-01")).toEqual({ min: "2027-03-01", max: "2028-02-29" });
    expect(upcomingDateOr("2027-03-05", "2027-03-01")).toBe("2027-03-05");
    expect(upcomingDateOr("2027-02-20", "2027-03-01")).toBe("");
    expect(upcomingDateOr(null, "2027-03-01")).toBe("");
  });

  it("reads an empty number box as no value, not 0", () => {
    expect(nullableNumber("")).toBeNull();
    expect(nullableNumber(undefined)).toBeNull();
    expect(nullableNumber("3")).toBe(3);
    expect(nullableNumber(0)).toBe(0);
  });
});

describe("the property manager's figures", () => {
  it("add up bookings and open jobs and average the occupancy over their properties", () => {
    expect(
      managerFigures([
        { activeBookings: 3, openMaintenance: 1, occupancyRate: 80 },
        { activeBookings: 0, openMaintenance: 2, occupancyRate: 45.5 },
        { activeBookings: 2, openMaintenance: 0, occupancyRate: 0 },
      ]),
    ).toEqual({ properties: 3, activeBookings: 5, openMaintenance: 3, averageOccupancy: 41.8 });
  });

  it("are zeros without properties, never the sample 8, 15, 3 and 78%", () => {
    expect(managerFigures([])).toEqual({ properties: 0, activeBookings: 0, openMaintenance: 0, averageOccupancy: 0 });
  });
});
