import { expect } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { TMaintenanceJobDetail } from "../../common/schemas/maintenance";
import type { Database } from "../../server/db/client";
import { propertyManagerAssignments } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "./http-client";
import { signedInUser } from "./signed-in";

/**
 * The people of a maintenance job, each signed in through the real login: the property's owner and manager, two
 * contractors, the guest staying there (who reports), an admin, and someone unrelated to any of it.
 */
export async function jobParties(db: Database, baseUrl: string) {
  const sign = (fields: Parameters<typeof signedInUser>[2]) => signedInUser(db, baseUrl, fields);
  const owner = await sign({ role: "landlord", isApproved: true, firstName: "Olive", lastName: "Owner" });
  const manager = await sign({ role: "property_manager", firstName: "Max", lastName: "Manager" });
  const contractor = await sign({ role: "contractor", firstName: "Cara", lastName: "Fixer" });
  const otherContractor = await sign({ role: "contractor", firstName: "Colm", lastName: "Spanner" });
  const guest = await sign({ role: "guest", firstName: "Gina", lastName: "Guest" });
  const admin = await sign({ role: "admin", firstName: "Ada", lastName: "Admin" });
  const stranger = await sign({ role: "guest", firstName: "Sam", lastName: "Stranger" });
  const property = await createProperty(db, { ownerId: owner.user.id, title: "Canal-side loft" });
  await assignManager(db, property.id, manager.user.id);
  // The guest's stay: began yesterday, ends in three days, so a problem can be reported now. Its £3,000 is held for
  // the owner, from which the jobs' contractors are paid.
  const today = londonToday();
  const stay = await createBooking(db, {
    propertyId: property.id,
    guestId: guest.user.id,
    checkIn: addDays(today, -1),
    checkOut: addDays(today, 3),
    status: "confirmed",
    totalPrice: "3000.00",
  });
  return { owner, manager, contractor, otherContractor, guest, admin, stranger, property, stay };
}
export type JobParties = Awaited<ReturnType<typeof jobParties>>;

/** Makes `managerId` the property's current manager, as the assignments feature would. */
export async function assignManager(db: Database, propertyId: number, managerId: number) {
  await db.insert(propertyManagerAssignments).values({ propertyId, managerId });
}

export const REPORT = {
  title: "Kitchen tap is leaking",
  description: "Water drips from the kitchen tap all night and pools under the sink.",
  category: "plumbing",
};

/** A successful call, answering its body. */
export async function ok<T = TMaintenanceJobDetail>(
  call: Promise<{ status: number; body: Record<string, unknown> }>,
  status = 200,
): Promise<T> {
  const response = await call;
  expect(response.status, JSON.stringify(response.body)).toBe(status);
  return response.body as T;
}

/** A job reported by `client` on `propertyId` (owner, manager, admin). */
export function reportOn(client: HttpClient, propertyId: number, fields: Record<string, unknown> = {}) {
  return ok(client.post("/api/maintenance/jobs", { ...REPORT, propertyId, ...fields }), 201);
}

/** An offer of the job from `date`, for `hours`, at £`payment`, to the contractors. */
export function offerBody(contractorIds: number[], fields: Record<string, unknown> = {}) {
  return {
    contractorIds,
    scheduledDate: addDays(londonToday(), 7),
    estimatedHours: 3,
    vacantNights: null,
    agreedPayment: 180,
    ...fields,
  };
}
