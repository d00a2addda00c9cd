import { ForbiddenError } from "../lib/errors";
import { type Actor, bookingPart } from "./records";

/** The part a person plays in a tenancy's rights: its tenant, its landlord, or an administrator reading. */
export type TenancyPart = "tenant" | "landlord" | "admin";

/**
 * What a person may do with a tenancy's statement, rent increases and pet requests, asked of the booking's parts
 * (records.ts): everyone party to the booking reads; only the tenant accepts the statement or asks for a pet; only
 * the landlord serves a rent increase or answers a pet request. A party asking for the other side's step gets a 403
 * that says whose it is; anyone else the 404 of a booking that does not exist, and a landlord whose landlord features
 * are closed that refusal.
 */
export function tenancyPart(
  user: Actor,
  booking: { guestId: number; ownerId: number },
  step: "read" | "tenant" | "landlord",
): TenancyPart {
  const part = bookingPart(user, booking, "read");
  const named: TenancyPart = part === "guest" ? "tenant" : part;
  if (step === "tenant" && named !== "tenant") {
    throw new ForbiddenError("Only the tenant can do this on their tenancy.");
  }
  if (step === "landlord" && (named !== "landlord" || bookingPart(user, booking, "respond") !== "landlord")) {
    throw new ForbiddenError("Only the landlord can do this on their tenancy.");
  }
  return named;
}
