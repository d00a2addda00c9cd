import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { bookings, payments, properties, reviews, savedProperties, users } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { setUpTestDatabase } from "../support/test-context";

const t = setUpTestDatabase();

/** The PostgreSQL error a rejected statement raised (drizzle wraps it in `cause`). */
async function rejection(promise: Promise<unknown>): Promise<{ code?: string; constraint?: string }> {
  try {
    await promise;
  } catch (error) {
    const pgError = ((error as { cause?: unknown }).cause ?? error) as { code?: string; constraint?: string };
    return pgError;
  }
  throw new Error("the database accepted what it should have refused");
}

/** A booking of the property from checkIn to checkOut, with whatever else the case sets. */
function book(
  propertyId: number,
  checkIn: string,
  checkOut: string,
  fields: Omit<Partial<Parameters<typeof createBooking>[1]>, "propertyId" | "checkIn" | "checkOut"> = {},
) {
  return createBooking(t.db, { propertyId, checkIn, checkOut, ...fields });
}

describe("the database refuses overlapping stays by itself", () => {
  it("rejects a second live booking that shares a night with the first", async () => {
    const property = await createProperty(t.db);
    await book(property.id, "2030-03-10", "2030-03-15", { status: "confirmed" });

    const error = await rejection(book(property.id, "2030-03-14", "2030-03-16", { status: "pending" }));
    expect(error.code).toBe("23P01"); // exclusion_violation
    expect(error.constraint).toBe("bookings_no_overlapping_stays");
  });

  it("rejects a stay inside another, and one that encloses another", async () => {
    const property = await createProperty(t.db);
    await book(property.id, "2030-05-01", "2030-05-20");
    expect((await rejection(book(property.id, "2030-05-05", "2030-05-06"))).code).toBe("23P01");
    expect((await rejection(book(property.id, "2030-04-20", "2030-06-01"))).code).toBe("23P01");
  });

  it("accepts back-to-back stays: one leaves the day the next arrives", async () => {
    const property = await createProperty(t.db);
    await book(property.id, "2030-03-10", "2030-03-15", { status: "confirmed" });
    const next = await book(property.id, "2030-03-15", "2030-03-18");
    const before = await book(property.id, "2030-03-07", "2030-03-10");
    expect(next.id).toBeGreaterThan(0);
    expect(before.id).toBeGreaterThan(0);
  });

  it("lets a cancelled booking release its nights, and ignores other properties", async () => {
    const property = await createProperty(t.db);
    const other = await createProperty(t.db);
    const first = await book(property.id, "2030-07-01", "2030-07-05");
    await book(other.id, "2030-07-01", "2030-07-05");
    await t.db.update(bookings).set({ status: "cancelled" }).where(eq(bookings.id, first.id));
    const again = await book(property.id, "2030-07-02", "2030-07-04");
    expect(again.status).toBe("pending");
  });

  it("refuses to revive a cancelled booking whose nights were taken since", async () => {
    const property = await createProperty(t.db);
    const first = await book(property.id, "2030-08-01", "2030-08-05", { status: "cancelled" });
    await book(property.id, "2030-08-03", "2030-08-04");
    const error = await rejection(t.db.update(bookings).set({ status: "pending" }).where(eq(bookings.id, first.id)));
    expect(error.code).toBe("23P01");
  });

  it("lets exactly one of many simultaneous requests for the same nights through", async () => {
    const property = await createProperty(t.db);
    const guests = await Promise.all(Array.from({ length: 6 }, () => createUser(t.db)));
    const attempts = await Promise.allSettled(
      guests.map((guest) => book(property.id, "2030-09-01", "2030-09-04", { guestId: guest.id })),
    );
    expect(attempts.filter((a) => a.status === "fulfilled")).toHaveLength(1);
    const stored = await t.db.select().from(bookings).where(eq(bookings.propertyId, property.id));
    expect(stored).toHaveLength(1);
  });
});

describe("the database keeps the data sane", () => {
  it("requires check-out after check-in and at least one guest", async () => {
    const property = await createProperty(t.db);
    expect((await rejection(book(property.id, "2030-01-10", "2030-01-10"))).constraint).toBe(
      "bookings_check_out_after_check_in",
    );
    expect((await rejection(book(property.id, "2030-01-10", "2030-01-12", { guestCount: 0 }))).constraint).toBe(
      "bookings_guest_count_positive",
    );
  });

  it("refuses negative money", async () => {
    const property = await createProperty(t.db);
    expect((await rejection(createProperty(t.db, { pricePerNight: "-1.00" }))).constraint).toBe(
      "properties_price_per_night_non_negative",
    );
    expect((await rejection(book(property.id, "2031-01-01", "2031-01-02", { totalPrice: "-5" }))).constraint).toBe(
      "bookings_total_price_non_negative",
    );
  });

  it("treats e-mail addresses that differ only in case as the same account", async () => {
    await createUser(t.db, { email: "Ada.Lovelace@Example.com" });
    const error = await rejection(createUser(t.db, { email: "ada.lovelace@example.COM" }));
    expect(error.code).toBe("23505");
    expect(error.constraint).toBe("users_email_lower_key");
  });

  it("keeps a rating between 1 and 5", async () => {
    const property = await createProperty(t.db);
    const guest = await createUser(t.db);
    const insert = (rating: number) =>
      t.db.insert(reviews).values({ propertyId: property.id, guestId: guest.id, rating });
    expect((await rejection(insert(6))).constraint).toBe("reviews_rating_range");
    expect((await rejection(insert(0))).constraint).toBe("reviews_rating_range");
    await insert(5);
  });

  it("saves a property once per user", async () => {
    const property = await createProperty(t.db);
    const guest = await createUser(t.db);
    await t.db.insert(savedProperties).values({ userId: guest.id, propertyId: property.id });
    const error = await rejection(t.db.insert(savedProperties).values({ userId: guest.id, propertyId: property.id }));
    expect(error.constraint).toBe("saved_properties_user_property_key");
  });

  it("records payments in pounds unless told otherwise", async () => {
    const property = await createProperty(t.db);
    const booking = await book(property.id, "2031-02-01", "2031-02-03");
    const [payment] = await t.db.insert(payments).values({ bookingId: booking.id, amount: "300.00" }).returning();
    expect(payment?.currency).toBe("gbp");
  });

  it("never deletes a user or a property that bookings point to", async () => {
    const property = await createProperty(t.db);
    const booking = await book(property.id, "2031-03-01", "2031-03-03");
    expect((await rejection(t.db.delete(properties).where(eq(properties.id, property.id)))).code).toBe("23503");
    expect((await rejection(t.db.delete(users).where(eq(users.id, booking.guestId)))).code).toBe("23503");
  });

  it("defaults new users to unverified guests who need no approval", async () => {
    const user = await createUser(t.db);
    expect(user).toMatchObject({
      role: "guest",
      isApproved: true,
      emailVerified: false,
      phoneVerified: false,
      failedLoginAttempts: 0,
    });
  });
});
