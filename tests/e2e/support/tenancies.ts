import { type APIRequestContext, expect } from "@playwright/test";
import { DEMO_ACCOUNTS, type Person, registerVerifiedGuest, signInThroughApi } from "./accounts";
import type { E2eDatabase } from "./database";

/** What a tenancy test says of the home it lets; the rest is a plain one-bed flat. */
export type HomeToLet = {
  title: string;
  description: string;
  address: string;
  city: string;
  pricePerNight: number;
  pricePerMonth: number;
} & Record<string, unknown>;

/**
 * A new home of landlord@ (signed in on `request`), listed through POST /api/properties as Add New Property lists it:
 * tenancy tests let homes of their own, since other tests book the demo listings in parallel.
 */
export async function listHomeOfLandlord(request: APIRequestContext, home: HomeToLet): Promise<number> {
  await signInThroughApi(request, DEMO_ACCOUNTS.landlord);
  const listed = await request.post("/api/properties", {
    data: {
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      propertyType: "flat",
      furnishingStatus: "furnished",
      amenities: [],
      ...home,
    },
  });
  expect(listed.status(), await listed.text()).toBe(201);
  return ((await listed.json()) as { id: number }).id;
}

/** A new verified tenant (signed in on `guestRequest`) whose tenancy of `propertyId` began a year ago. */
export async function tenantInSecondYear(
  database: E2eDatabase,
  guestRequest: APIRequestContext,
  propertyId: number,
  label: string,
): Promise<{ tenant: Person; id: number; checkIn: string }> {
  const tenant = await registerVerifiedGuest(guestRequest, label);
  const { id, checkIn } = await database.tenancyInItsSecondYear(tenant.email, propertyId);
  return { tenant, id, checkIn };
}
