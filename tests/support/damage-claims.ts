import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import type { Database } from "../../server/db/client";
import { damageClaims } from "../../server/db/schema";
import { createBooking, createProperty } from "../factories";
import type { HttpClient } from "./http-client";
import { makeImage } from "./images";
import { signedInUser } from "./signed-in";

/** A file for a claim's form. */
export type ClaimFile = { name: string; bytes: Buffer; type?: string };

/** The host's claim form as the browser sends it: the fields as given, and each file in `photos`. */
export async function raiseClaim(
  client: HttpClient,
  bookingId: number,
  fields: Record<string, string>,
  files?: ClaimFile[],
) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  const photos = files ?? [{ name: "scratch.jpg", bytes: await makeImage("jpeg", { width: 640, height: 480 }) }];
  for (const file of photos) {
    body.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  }
  return client.post(`/api/bookings/${bookingId}/damage-claims`, body);
}

/**
 * A host (approved, phone verified) and a guest signed in, and a stay of the guest at the host's listing that checked
 * out `daysAgo` London days ago. The listing's damage deposit is £500 unless given.
 */
export async function stayEnded(db: Database, baseUrl: string, daysAgo: number, deposit: string | null = "500.00") {
  const host = await signedInUser(db, baseUrl, {
    role: "landlord",
    isApproved: true,
    firstName: "Hana",
    lastName: "Host",
  });
  const guest = await signedInUser(db, baseUrl, { firstName: "Gil", lastName: "Guest" });
  const property = await createProperty(db, { ownerId: host.user.id, depositAmount: deposit });
  const checkOut = addDays(londonToday(), -daysAgo);
  const booking = await createBooking(db, {
    propertyId: property.id,
    guestId: guest.user.id,
    checkIn: addDays(checkOut, -3),
    checkOut,
    status: "completed",
    totalPrice: "450.00",
  });
  return { host, guest, property, booking };
}

/** How many claims a booking has. */
export async function claimCount(db: Database, bookingId: number): Promise<number> {
  const rows = await db.select({ id: damageClaims.id }).from(damageClaims).where(eq(damageClaims.bookingId, bookingId));
  return rows.length;
}

/** The e-mails the outbox holds for an address: subjects only, in order. */
export async function mailTo(db: Database, address: string): Promise<string[]> {
  const result = await db.execute<{ subject: string }>(
    sql`select subject from outgoing_messages where recipient = ${address} and channel = 'email' order by id`,
  );
  return result.rows.map((row) => row.subject);
}

/** The files the photo store holds under DATA_DIR/photos. */
export async function storedPhotoFiles(dataDir: string): Promise<string[]> {
  const entries = await readdir(path.join(dataDir, "photos"), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => path.join(e.parentPath, e.name));
}
