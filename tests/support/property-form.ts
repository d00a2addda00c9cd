import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { expect } from "vitest";
import type { Database } from "../../server/db/client";
import { propertyPhotos } from "../../server/db/schema";

export type Upload = { name: string; bytes: Buffer; type?: string };

/** What the add-property form posts: `property` as JSON text (a string is sent as it is), the files as `photos`. */
export function propertyFormData(form: { property?: unknown; files?: Upload[] }): FormData {
  const body = new FormData();
  if (form.property !== undefined) {
    body.append("property", typeof form.property === "string" ? form.property : JSON.stringify(form.property));
  }
  for (const file of form.files ?? []) {
    body.append("photos", new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  }
  return body;
}

/** One size of a stored photo as the site serves it: a WebP `width` pixels wide, cached for a year. */
export async function expectServedPhotoSize(baseUrl: string, key: string, size: number, width: number) {
  const file = await fetch(`${baseUrl}/media/photos/${key}/${size}.webp`);
  expect(file.status).toBe(200);
  expect(file.headers.get("content-type")).toBe("image/webp");
  expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
  const metadata = await sharp(Buffer.from(await file.arrayBuffer())).metadata();
  expect(metadata.format).toBe("webp");
  expect(metadata.width).toBe(width);
}

/** The address of a photo the site stored from an upload: its key, then the widest size. */
export const UPLOADED_URL = /^\/media\/photos\/([0-9a-f]{32})\/1600\.webp$/;

/** The storage key in the address of an uploaded photo; throws for any other address. */
export function uploadedPhotoKey(url: string | undefined): string {
  const key = url && UPLOADED_URL.exec(url)?.[1];
  if (!key) throw new Error(`not an uploaded photo: ${url}`);
  return key;
}

/** How many photos the property has in the database. */
export async function countPropertyPhotos(db: Database, propertyId: number) {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(propertyPhotos)
    .where(eq(propertyPhotos.propertyId, propertyId));
  return row?.n;
}
