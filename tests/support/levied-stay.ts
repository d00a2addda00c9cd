import type { Database } from "../../server/db/client";
import { createBooking, createProperty } from "../factories";

/**
 * A confirmed Edinburgh stay in an ended quarter (August 2026: 3 levied nights at £200, levy £30) with its charge in
 * the ledger (the factory posts a confirmed stay's charge), so £30 is held in the host's levy account. Written
 * directly: the API books no past stay.
 */
export async function pastLeviedStay(db: Database, ownerId: number, guestId: number, checkIn = "2026-08-03") {
  const property = await createProperty(db, {
    ownerId,
    nation: "Scotland",
    levyArea: "city_of_edinburgh",
    shortLetLicenceNumber: "EH-00003-F",
    pricePerNight: "200.00",
  });
  const booking = await createBooking(db, {
    propertyId: property.id,
    guestId,
    checkIn,
    checkOut: "2026-08-06",
    status: "confirmed",
    totalPrice: "690.00",
    serviceFee: "60.00",
    visitorLevy: "30.00",
    leviedNights: 3,
    leviedPrice: "600.00",
  });
  return { property, booking };
}
