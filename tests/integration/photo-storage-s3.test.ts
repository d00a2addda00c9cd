import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ZManagedPhotos, ZManagedProperty } from "../../common/schemas/landlord-properties";
import { type TPhotoUploadTicket, ZPhotoUploadTicket } from "../../common/schemas/photo-uploads";
import { MAX_PHOTO_BYTES } from "../../common/schemas/property-form";
import { photoUploads } from "../../server/db/schema";
import { PhotoUploadsService, UPLOAD_ALREADY_USED, UPLOAD_EXPIRED } from "../../server/services/photo-uploads.service";
import { createProperty, propertyForm } from "../factories";
import type { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import {
  countPropertyPhotos,
  expectServedPhotoSize,
  propertyFormData,
  uploadedPhotoKey,
} from "../support/property-form";
import { type LocalS3, startS3Server } from "../support/s3-server";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Photos in an S3-compatible store (s3rver, started here): browsers post straight to the bucket with a presigned,
 * single-use ticket; the app checks and re-encodes on completion and serves the files at the usual addresses.
 * s3rver does not enforce a POST policy, so every lie below reaches the bucket: what is proven is that the app
 * refuses it on completion and keeps nothing. (The policy's conditions are checked in its own test.)
 */

let s3: LocalS3;
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  config: async () => {
    s3 = await startS3Server();
    return { s3: s3.settings };
  },
  afterStop: () => s3.close(),
});

let jpeg: Buffer;
beforeAll(async () => {
  jpeg = await makeImage("jpeg", { width: 1200, height: 800 });
});

type DirectTicket = Extract<TPhotoUploadTicket, { mode: "direct" }>;

async function ownProperty() {
  const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const property = await createProperty(t.db, { ownerId: user.id, photos: [] });
  return { c: client, user, property };
}

async function askTicket(c: HttpClient, propertyId: number, declared: Record<string, unknown> = {}) {
  return c.post(`/api/properties/${propertyId}/photos/uploads`, {
    fileName: "living-room.jpg",
    contentType: "image/jpeg",
    size: jpeg.length,
    ...declared,
  });
}

async function ticketFor(c: HttpClient, propertyId: number, declared: Record<string, unknown> = {}) {
  const answer = await askTicket(c, propertyId, declared);
  expect(answer.status, JSON.stringify(answer.body)).toBe(201);
  const ticket = ZPhotoUploadTicket.parse(answer.body);
  if (ticket.mode !== "direct") throw new Error("expected a direct upload");
  return ticket;
}

/** What a browser does with the ticket: the fields, then the file, posted to the store. */
async function postToStore(ticket: DirectTicket, bytes: Buffer, type = "image/jpeg"): Promise<number> {
  const form = new FormData();
  for (const [name, value] of Object.entries(ticket.fields)) form.append(name, value);
  form.append("file", new Blob([new Uint8Array(bytes)], { type }), "upload");
  const response = await fetch(ticket.url, { method: "POST", body: form });
  await response.arrayBuffer();
  return response.status;
}

const complete = (c: HttpClient, propertyId: number, uploadId: string) =>
  c.post(`/api/properties/${propertyId}/photos/uploads/${uploadId}/complete`, {});

async function uploadPhoto(c: HttpClient, propertyId: number, bytes = jpeg) {
  const ticket = await ticketFor(c, propertyId, { size: bytes.length });
  expect(await postToStore(ticket, bytes)).toBe(204);
  const done = await complete(c, propertyId, ticket.uploadId);
  expect(done.status, JSON.stringify(done.body)).toBe(201);
  return ZManagedPhotos.parse(done.body);
}

const sizesOf = (key: string) => [`photos/${key}/1600.webp`, `photos/${key}/480.webp`, `photos/${key}/960.webp`];

describe("a photo sent straight to the store", () => {
  it("becomes a listing photo: re-encoded in three widths, served by the app with a year's cache", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id);
    expect(ticket.url.startsWith(s3.endpoint)).toBe(true);
    expect(ticket.fields.key).toBe(`uploads/${ticket.uploadId}`);
    expect(new Date(ticket.expiresAt).getTime() - Date.now()).toBeGreaterThan(500_000);
    expect(await postToStore(ticket, jpeg)).toBe(204);
    expect(await s3.list("uploads/")).toContain(`uploads/${ticket.uploadId}`);

    const done = await complete(c, property.id, ticket.uploadId);
    expect(done.status, JSON.stringify(done.body)).toBe(201);
    const [photo] = ZManagedPhotos.parse(done.body);
    const key = uploadedPhotoKey(photo?.url);
    expect(photo).toMatchObject({ isMain: true, displayOrder: 0 });
    // What the browser sent is gone; only the re-encoded sizes stay.
    expect(await s3.list("uploads/")).not.toContain(`uploads/${ticket.uploadId}`);
    expect(await s3.list(`photos/${key}/`)).toEqual(sizesOf(key));

    for (const [width, expected] of [
      [480, 480],
      [960, 960],
      [1600, 1200],
    ] as const) {
      await expectServedPhotoSize(server.baseUrl, key, width, expected);
    }
  });

  it("answers 304 to a browser that has the file, and 404 for a photo or size that does not exist", async () => {
    const { c, property } = await ownProperty();
    const key = uploadedPhotoKey((await uploadPhoto(c, property.id))[0]?.url);
    const first = await fetch(`${server.baseUrl}/media/photos/${key}/480.webp`);
    await first.arrayBuffer();
    const etag = first.headers.get("etag");
    // A quoted entity tag, strong or weak, as HTTP defines it.
    expect(etag).toMatch(/^(W\/)?"[^"]+"$/);
    const again = await fetch(`${server.baseUrl}/media/photos/${key}/480.webp`, {
      headers: { "if-none-match": etag ?? "" },
    });
    expect(again.status).toBe(304);
    const head = await fetch(`${server.baseUrl}/media/photos/${key}/480.webp`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("content-length")).toBe(first.headers.get("content-length"));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    for (const path of [
      `/media/photos/${randomBytes(16).toString("hex")}/480.webp`,
      `/media/photos/${key}/481.webp`,
      `/media/photos/${key}/480.png`,
      "/media/photos/not-a-key/480.webp",
    ]) {
      const missing = await fetch(`${server.baseUrl}${path}`);
      await missing.arrayBuffer();
      expect(missing.status, path).toBe(404);
    }
  });

  it("limits the store's form to the declared type, at most 10 MB, expiring within minutes", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id, { contentType: "image/png", fileName: "plan.png" });
    const policy = JSON.parse(Buffer.from(ticket.fields.Policy ?? "", "base64").toString("utf8")) as {
      expiration: string;
      conditions: unknown[];
    };
    expect(policy.conditions).toContainEqual(["content-length-range", 1, MAX_PHOTO_BYTES]);
    expect(policy.conditions).toContainEqual(["eq", "$Content-Type", "image/png"]);
    expect(policy.conditions).toContainEqual({ key: `uploads/${ticket.uploadId}` });
    expect(ticket.fields["Content-Type"]).toBe("image/png");
    const lifetime = new Date(policy.expiration).getTime() - Date.now();
    expect(lifetime).toBeGreaterThan(0);
    expect(lifetime).toBeLessThanOrEqual(600_000);
  });

  it("still takes photos through the app (the add-property form) and keeps them in the bucket", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const response = await client.request(
      "POST",
      "/api/properties",
      propertyFormData({ property: propertyForm(), files: [{ name: "front.jpg", bytes: jpeg }] }),
    );
    const created = ZManagedProperty.parse(response.body);
    expect(response.status).toBe(201);
    const key = uploadedPhotoKey(created.photos[0]?.url);
    expect(await s3.list(`photos/${key}/`)).toEqual(sizesOf(key));
    expect((await fetch(`${server.baseUrl}/media/photos/${key}/960.webp`)).status).toBe(200);
  });
});

describe("refusals: nothing is stored", () => {
  it("refuses to hand out a ticket for a type that is not a photo, an empty file or one over 10 MB (400)", async () => {
    const { c, property } = await ownProperty();
    for (const [declared, message] of [
      [{ contentType: "text/html" }, "Upload a JPEG, PNG, WebP, AVIF, GIF or TIFF photo"],
      [{ contentType: "image/svg+xml" }, "Upload a JPEG, PNG, WebP, AVIF, GIF or TIFF photo"],
      [{ size: MAX_PHOTO_BYTES + 1 }, "A photo can be at most 10 MB"],
      [{ size: 0 }, "The file is empty"],
    ] as const) {
      const answer = await askTicket(c, property.id, declared);
      expect(answer.status, JSON.stringify(declared)).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    const tickets = await t.db.select().from(photoUploads).where(eq(photoUploads.propertyId, property.id));
    expect(tickets).toEqual([]);
  });

  it("refuses an upload that lies about its type: text declared as a JPEG is a 415, and the upload is deleted", async () => {
    const { c, property } = await ownProperty();
    const text = Buffer.from("Not a photo at all, only text that said it was image/jpeg.\n");
    const ticket = await ticketFor(c, property.id, { size: text.length, fileName: "beach.jpg" });
    expect(await postToStore(ticket, text)).toBe(204);
    const done = await complete(c, property.id, ticket.uploadId);
    expect(done.status).toBe(415);
    expect(done.body.message).toBe("beach.jpg is not an image we can use: upload a JPEG, PNG, WebP or AVIF photo");
    expect(await s3.list(`uploads/${ticket.uploadId}`)).toEqual([]);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
  });

  it("refuses an upload larger than 10 MB whatever was declared (413), and deletes it", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id, { size: 1000 });
    const big = Buffer.concat([jpeg, randomBytes(MAX_PHOTO_BYTES)]);
    // A real store refuses this post under the policy; s3rver keeps it, so the app must refuse it on completion.
    expect(await postToStore(ticket, big)).toBe(204);
    const done = await complete(c, property.id, ticket.uploadId);
    expect(done.status).toBe(413);
    expect(done.body.message).toBe("A photo can be at most 10 MB");
    expect(await s3.list(`uploads/${ticket.uploadId}`)).toEqual([]);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
  });

  it("refuses a ticket used twice (409): one photo, even when both completions race", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id);
    expect(await postToStore(ticket, jpeg)).toBe(204);
    const answers = await Promise.all([
      complete(c, property.id, ticket.uploadId),
      complete(c, property.id, ticket.uploadId),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect(answers.find((a) => a.status === 409)?.body.message).toBe(UPLOAD_ALREADY_USED);
    // Posting the same form again and completing it once more is still refused.
    expect(await postToStore(ticket, jpeg)).toBe(204);
    const reused = await complete(c, property.id, ticket.uploadId);
    expect(reused.status).toBe(409);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(1);
    const [photo] = ZManagedPhotos.parse(answers.find((a) => a.status === 201)?.body);
    const key = uploadedPhotoKey(photo?.url);
    expect((await s3.list("photos/")).filter((object) => object.includes(key))).toEqual(sizesOf(key));
  });

  it("refuses an expired ticket (410) and deletes what was sent", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id);
    expect(await postToStore(ticket, jpeg)).toBe(204);
    // Ten minutes pass.
    await t.db
      .update(photoUploads)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(photoUploads.id, ticket.uploadId));
    const done = await complete(c, property.id, ticket.uploadId);
    expect(done.status).toBe(410);
    expect(done.body.message).toBe(UPLOAD_EXPIRED);
    expect(await s3.list(`uploads/${ticket.uploadId}`)).toEqual([]);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
  });

  it("answers 400 when the store never got the file, and the ticket cannot be used again", async () => {
    const { c, property } = await ownProperty();
    const ticket = await ticketFor(c, property.id);
    const done = await complete(c, property.id, ticket.uploadId);
    expect(done.status).toBe(400);
    expect(done.body.message).toBe("living-room.jpg did not reach the photo store. Choose it again to upload it.");
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
  });

  it("refuses another landlord's property and another person's ticket with the same 404", async () => {
    const owner = await ownProperty();
    const stranger = await ownProperty();
    const asked = await askTicket(stranger.c, owner.property.id);
    expect(asked.status).toBe(404);

    const ticket = await ticketFor(owner.c, owner.property.id);
    expect(await postToStore(ticket, jpeg)).toBe(204);
    // The stranger completing the owner's ticket, on the owner's listing or on their own.
    expect((await complete(stranger.c, owner.property.id, ticket.uploadId)).status).toBe(404);
    expect((await complete(stranger.c, stranger.property.id, ticket.uploadId)).status).toBe(404);
    expect(await countPropertyPhotos(t.db, owner.property.id)).toBe(0);
    expect(await countPropertyPhotos(t.db, stranger.property.id)).toBe(0);
    // The owner's ticket still works.
    expect((await complete(owner.c, owner.property.id, ticket.uploadId)).status).toBe(201);
  });

  it("refuses a ticket for a listing that already has 20 photos", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const full = await createProperty(t.db, {
      ownerId: user.id,
      photos: Array.from({ length: 20 }, (_, i) => `https://images.example/full-${i}.jpg`),
    });
    const answer = await askTicket(client, full.id);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe("A property can have at most 20 photos");
  });
});

describe("removing and sweeping", () => {
  it("deleting a photo removes every size from the bucket", async () => {
    const { c, property } = await ownProperty();
    const [photo] = await uploadPhoto(c, property.id);
    const key = uploadedPhotoKey(photo?.url);
    expect(await s3.list(`photos/${key}/`)).toHaveLength(3);
    const removed = await c.request("DELETE", `/api/properties/${property.id}/photos/${photo?.id}`);
    expect(removed.status).toBe(200);
    expect(await s3.list(`photos/${key}/`)).toEqual([]);
    const file = await fetch(`${server.baseUrl}/media/photos/${key}/1600.webp`);
    expect(file.status).toBe(404);
  });

  it("the sweep removes uploads abandoned for over an hour, and tickets long expired, but not a fresh upload", async () => {
    const { c, property } = await ownProperty();
    const abandoned = await ticketFor(c, property.id);
    expect(await postToStore(abandoned, jpeg)).toBe(204);
    const listings = server.app.services.landlordProperties;
    const store = listings.photos;
    // Now, the upload is fresh: kept.
    const now = new PhotoUploadsService(t.db, store, listings, server.app.services.profilePhotos);
    expect((await now.sweep()).files).toBe(0);
    expect(await s3.list(`uploads/${abandoned.uploadId}`)).toHaveLength(1);
    // Two days later: the upload and the ticket go.
    const later = new PhotoUploadsService(
      t.db,
      store,
      listings,
      server.app.services.profilePhotos,
      () => Date.now() + 2 * 86_400_000,
    );
    const removed = await later.sweep();
    expect(removed.files).toBeGreaterThanOrEqual(1);
    expect(removed.tickets).toBeGreaterThanOrEqual(1);
    expect(await s3.list(`uploads/${abandoned.uploadId}`)).toEqual([]);
    expect(await t.db.select().from(photoUploads).where(eq(photoUploads.id, abandoned.uploadId))).toEqual([]);
  });
});

describe("a profile photo sent straight to the store", () => {
  it("becomes the person's photo as one 480 px square; a replacement deletes the old one; another's ticket is a 404", async () => {
    const { client: c, user } = await signedInUser(t.db, server.baseUrl);
    const declared = { fileName: "me.jpg", contentType: "image/jpeg", size: jpeg.length };
    const send = async () => {
      const asked = await c.post("/api/account/photo/uploads", declared);
      expect(asked.status, JSON.stringify(asked.body)).toBe(201);
      const ticket = ZPhotoUploadTicket.parse(asked.body);
      if (ticket.mode !== "direct") throw new Error("expected a direct upload");
      expect(await postToStore(ticket, jpeg)).toBe(204);
      return ticket;
    };
    const first = await send();
    const done = await c.post(`/api/account/photo/uploads/${first.uploadId}/complete`, {});
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const firstUrl = String(done.body.profileImageUrl);
    const firstKey = /^\/media\/photos\/([0-9a-f]{32})\/480\.webp$/.exec(firstUrl)?.[1];
    expect(firstKey).toBeDefined();
    expect(await s3.list(`photos/${firstKey}/`)).toEqual([`photos/${firstKey}/480.webp`]);
    expect(await s3.list(`uploads/${first.uploadId}`)).toEqual([]);
    const served = await fetch(`${server.baseUrl}${firstUrl}`);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([served.status, meta.width, meta.height]).toEqual([200, 480, 480]);
    // Used once.
    expect((await c.post(`/api/account/photo/uploads/${first.uploadId}/complete`, {})).status).toBe(409);

    // Another person cannot complete this person's ticket; a listing's route does not take it either.
    const second = await send();
    const other = await signedInUser(t.db, server.baseUrl);
    expect((await other.client.post(`/api/account/photo/uploads/${second.uploadId}/complete`, {})).status).toBe(404);
    const { c: landlord, property } = await ownProperty();
    expect(
      (await landlord.post(`/api/properties/${property.id}/photos/uploads/${second.uploadId}/complete`, {})).status,
    ).toBe(404);

    const replaced = await c.post(`/api/account/photo/uploads/${second.uploadId}/complete`, {});
    expect(replaced.status).toBe(200);
    expect(await s3.list(`photos/${firstKey}/`)).toEqual([]);
    const [row] = await t.db
      .execute<{ url: string }>(sql`select profile_image_url as url from users where id = ${user.id}`)
      .then((r) => r.rows);
    expect(row?.url).toBe(replaced.body.profileImageUrl);
  });
});
