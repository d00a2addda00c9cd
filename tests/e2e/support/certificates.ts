import type { APIRequestContext } from "@playwright/test";
import { addCalendarMonths, londonToday } from "../../../common/domain/calendar-dates";
import type { E2eDatabase } from "./database";
import { createListingThroughApi } from "./properties";
import { expect } from "./test";

/** A small, real PDF: header, one empty page, trailer. */
export const CERTIFICATE_PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

/**
 * A new listing of the landlord signed in on `request`, listed two years ago, with gas and a gas safety certificate
 * inspected 13 months ago, uploaded through the vault's API: it ran out a month ago, so new bookings are paused.
 * Answers the listing and the day the certificate expired.
 */
export async function listingWithLapsedGasCertificate(
  request: APIRequestContext,
  database: Pick<E2eDatabase, "listedMonthsAgo">,
  title: string,
) {
  const listing = await createListingThroughApi<{ id: number; slug: string; title: string }>(request, {
    title,
    description: "A one-bedroom flat with a gas boiler, made by the lapsed certificate browser tests.",
  });
  await database.listedMonthsAgo(listing.id, 24);
  const facts = await request.put(`/api/properties/${listing.id}/certificates/facts`, {
    data: { hasGasSupply: true, hmoLicenceApplies: false, selectiveLicenceApplies: false },
  });
  expect(facts.status(), await facts.text()).toBe(200);
  const issuedOn = addCalendarMonths(londonToday(), -13);
  const uploaded = await request.post(`/api/properties/${listing.id}/certificates`, {
    multipart: {
      kind: "gas_safety",
      issuedOn,
      document: { name: "cp12.pdf", mimeType: "application/pdf", buffer: CERTIFICATE_PDF },
    },
  });
  expect(uploaded.status(), await uploaded.text()).toBe(201);
  return { ...listing, expiredOn: addCalendarMonths(issuedOn, 12) };
}
