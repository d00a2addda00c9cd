import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Database } from "../../server/db/client";
import { bookings, properties, propertyPhotos, users } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { postStayConfirmed } from "../../server/services/money/booking-ledger";

const unique = () => randomBytes(4).toString("hex");

type NewUser = typeof users.$inferInsert;
type NewProperty = typeof properties.$inferInsert;
type NewBooking = typeof bookings.$inferInsert;

export async function createUser(db: Database, overrides: Partial<NewUser> = {}) {
  const [user] = await db
    .insert(users)
    .values({ email: `user-${unique()}@test.staylondon.example`, firstName: "Test", lastName: "User", ...overrides })
    .returning();
  if (!user) throw new Error("user not created");
  return user;
}

/**
 * A listing. Its owner can be paid (a ready demo payout account, as the demo seed gives its landlords) unless
 * `payouts: "none"`, because stays are confirmed only for owners who can be paid.
 */
export async function createProperty(
  db: Database,
  overrides: Partial<NewProperty> & { photos?: string[]; payouts?: "ready" | "none" } = {},
) {
  const { photos = [], payouts = "ready", ...fields } = overrides;
  const ownerId = fields.ownerId ?? (await createUser(db, { role: "landlord" })).id;
  const id = unique();
  const [property] = await db
    .insert(properties)
    .values({
      ownerId,
      slug: `test-listing-${id}`,
      title: `Test Listing ${id}`,
      description: "A bright test flat with a long enough description for the listing.",
      address: `${id} Test Street, Camden, London NW1 0AA`,
      city: "Camden",
      region: "London",
      pricePerNight: "150.00",
      pricePerMonth: "3600.00",
      ...fields,
    })
    .returning();
  if (!property) throw new Error("property not created");
  if (payouts === "ready") await insertDemoPayoutAccount(db, ownerId);
  if (photos.length) {
    await db
      .insert(propertyPhotos)
      .values(photos.map((url, i) => ({ propertyId: property.id, url, displayOrder: i, isMain: i === 0 })));
  }
  return property;
}

export async function createBooking(
  db: Database,
  fields: Pick<NewBooking, "propertyId" | "checkIn" | "checkOut"> & Partial<NewBooking>,
) {
  const guestId = fields.guestId ?? (await createUser(db)).id;
  return db.transaction(async (tx) => {
    const [booking] = await tx
      .insert(bookings)
      .values({ totalPrice: "300.00", guestCount: 1, ...fields, guestId })
      .returning();
    if (!booking) throw new Error("booking not created");
    // A stay made confirmed here has its money in the ledger, as accepting it in demo mode would have recorded.
    if (booking.status === "confirmed" || booking.status === "completed") {
      const [owner] = await tx
        .select({ ownerId: properties.ownerId })
        .from(properties)
        .where(eq(properties.id, booking.propertyId));
      if (!owner) throw new Error("booking's property not found");
      await postStayConfirmed(tx, { ...booking, ownerId: owner.ownerId }, { demo: true });
    }
    return booking;
  });
}

/** A valid Add New Property form, as the dialog sends it to POST /api/properties. */
export const propertyForm = (overrides: Record<string, unknown> = {}) => ({
  title: "Bright two-bed flat near Regent's Park",
  description: "A calm, light-filled flat with a modern kitchen and a quiet bedroom at the back.",
  address: "12 Albany Street, London NW1 4DY",
  city: "Camden",
  pricePerNight: 185,
  pricePerMonth: 4200,
  bedrooms: 2,
  bathrooms: 1,
  maxGuests: 4,
  propertyType: "flat",
  furnishingStatus: "furnished",
  amenities: [],
  ...overrides,
});

/**
 * Turns on two-factor sign-in for a user as Profile would leave it: a real secret, sealed with the server's key the
 * app under test reads from the same database. Answers the secret, so a test can compute codes (`totpCode`).
 */
export async function enrolTwoFactor(db: Database, userId: number): Promise<string> {
  const { generateSecret } = await import("otplib");
  const { ServerKeys } = await import("../../server/lib/server-keys");
  const secret = generateSecret();
  const sealed = await new ServerKeys(db, process.env.SERVER_KEY).seal("two-factor-secrets", secret);
  await db.update(users).set({ totpSecret: sealed, totpEnabledAt: new Date() }).where(eq(users.id, userId));
  return secret;
}

/** The code an authenticator app shows for `secret`, `stepsAhead` 30-second steps from now (0: now). */
export async function totpCode(secret: string, stepsAhead = 0): Promise<string> {
  const { generate } = await import("otplib");
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + stepsAhead * 30 });
}
