import { randomBytes } from "node:crypto";
import { readdir, stat } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ZManagedPhotos, ZManagedProperty } from "../../common/schemas/landlord-properties";
import { properties, propertyPhotos } from "../../server/db/schema";
import { TOO_MANY_PHOTOS } from "../../server/services/properties/landlord-listings.service";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { type ImageFormat, makeImage, makeLargePicture } from "../support/images";
import {
  countPropertyPhotos,
  expectServedPhotoSize,
  propertyFormData,
  UPLOADED_URL,
  uploadedPhotoKey,
} from "../support/property-form";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-photos-", withoutChangeFeed: true });
let jpeg: Buffer;

beforeAll(async () => {
  jpeg = await makeImage("jpeg", { width: 1200, height: 800 });
});

const NOT_AN_IMAGE = (name: string) => `${name} is not an image we can use: upload a JPEG, PNG, WebP or AVIF photo`;

async function landlord() {
  const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  return { c: client, user };
}

const valid = (overrides: Record<string, unknown> = {}) => ({
  title: `Garden flat ${randomBytes(3).toString("hex")}`,
  description: "A calm, light-filled flat with a modern kitchen and a quiet bedroom at the back.",
  address: "7 Ferry Lane, London N17 9NE",
  city: "Hackney",
  pricePerNight: 140,
  pricePerMonth: 3300,
  bedrooms: 1,
  bathrooms: 1,
  maxGuests: 2,
  propertyType: "flat",
  furnishingStatus: "furnished",
  amenities: [],
  ...overrides,
});

/** A multipart POST: `property` as JSON text, files in `photos`. */
const postForm = (c: HttpClient, url: string, form: Parameters<typeof propertyFormData>[0]) =>
  c.request("POST", url, propertyFormData(form));

const photosOf = (body: unknown) => ZManagedPhotos.parse(body);

/** Every file under DATA_DIR/photos, staging included. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "photos");
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries
      .filter((e) => e.isFile())
      .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
      .sort();
  } catch {
    return [];
  }
}

const countProperties = async (ownerId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.ownerId, ownerId)))[0]?.n;

/** A landlord's own property with `urls` as its photos (by address), the first main. */
async function ownProperty(urls: string[] = []) {
  const { c, user } = await landlord();
  const property = await createProperty(t.db, { ownerId: user.id, photos: urls });
  return { c, user, property };
}

describe("uploading photos with a new property", () => {
  it("re-encodes a JPEG to WebP in three widths, served for a year from DATA_DIR", async () => {
    const { c } = await landlord();
    const before = await storedFiles();
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [{ name: "living-room.jpg", bytes: jpeg }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    const property = ZManagedProperty.parse(response.body);
    expect(property.photos).toHaveLength(1);
    const [photo] = property.photos;
    const key = uploadedPhotoKey(photo?.url);
    expect(photo).toMatchObject({
      isMain: true,
      displayOrder: 0,
      srcSet: `/media/photos/${key}/480.webp 480w, /media/photos/${key}/960.webp 960w, /media/photos/${key}/1600.webp 1600w`,
    });
    expect((await storedFiles()).filter((f) => !before.includes(f))).toEqual([
      path.join(key, "1600.webp"),
      path.join(key, "480.webp"),
      path.join(key, "960.webp"),
    ]);

    for (const [width, expected] of [
      [480, 480],
      [960, 960],
      // Never enlarged: the original is 1200 wide.
      [1600, 1200],
    ] as const) {
      await expectServedPhotoSize(server.baseUrl, key, width, expected);
    }
    // Anonymous visitors see the photo on the public listing.
    const detail = await new HttpClient(server.baseUrl).get(`/api/properties/${property.id}`);
    expect(JSON.stringify(detail.body)).toContain(`/media/photos/${key}/1600.webp`);
  });

  it("serves the demo photos with a week's cache, the header the static plugin would otherwise reset", async () => {
    const file = await fetch(`${server.baseUrl}/media/demo/bathroom-marble-1.webp`);
    expect(file.status).toBe(200);
    expect(file.headers.get("cache-control")).toBe("public, max-age=604800");
  });

  it("turns a photo upright from its EXIF orientation and drops its metadata (GPS)", async () => {
    const { c } = await landlord();
    const sideways = await makeImage("jpeg", { width: 1200, height: 800, orientation: 6, gps: true });
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [{ name: "portrait.jpg", bytes: sideways }],
    });
    expect(response.status).toBe(201);
    const key = uploadedPhotoKey(ZManagedProperty.parse(response.body).photos[0]?.url);
    const stored = await sharp(path.join(dataDir, "photos", key, "1600.webp")).metadata();
    expect([stored.width, stored.height]).toEqual([800, 1200]);
    expect(stored.exif).toBeUndefined();
    expect(stored.orientation).toBeUndefined();
  });

  it("puts device photos first, then the image addresses; the first is main", async () => {
    const { c } = await landlord();
    const png = await makeImage("png", { width: 600, height: 400 });
    const response = await postForm(c, "/api/properties", {
      property: valid({ images: ["https://images.example.com/after.jpg"] }),
      files: [
        { name: "one.jpg", bytes: jpeg },
        { name: "two.png", bytes: png, type: "image/png" },
      ],
    });
    expect(response.status).toBe(201);
    const photos = ZManagedProperty.parse(response.body).photos;
    expect(photos.map((p) => [UPLOADED_URL.test(p.url) ? "upload" : p.url, p.isMain, p.displayOrder])).toEqual([
      ["upload", true, 0],
      ["upload", false, 1],
      ["https://images.example.com/after.jpg", false, 2],
    ]);
    expect(photos[2]?.srcSet).toBeNull();
  });

  it("refuses a text file named photo.jpg (415), and stores nothing: no row, no file", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [{ name: "photo.jpg", bytes: Buffer.from("This is not a photo, only text pretending to be one.\n") }],
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(NOT_AN_IMAGE("photo.jpg"));
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses the whole create when a later file is not an image: the good one is not kept either", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="10" height="10"/></svg>',
    );
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [
        { name: "good.jpg", bytes: jpeg },
        { name: "drawing.png", bytes: svg, type: "image/png" },
      ],
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(NOT_AN_IMAGE("drawing.png"));
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a create whose photos and addresses make 21 once the files are in place, and keeps no file", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const images = Array.from({ length: 20 }, (_, i) => `https://images.example/extra-${i}.jpg`);
    const response = await postForm(c, "/api/properties", {
      property: valid({ images }),
      files: [{ name: "good.jpg", bytes: jpeg }],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(400);
    expect(response.body.message).toBe(TOO_MANY_PHOTOS);
    expect(await countProperties(user.id)).toBe(0);
    // The upload was re-encoded and moved into place before the write refused it: it must be gone again.
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses an 11 MB file (413), and stores nothing", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const big = Buffer.concat([jpeg, randomBytes(11 * 1024 * 1024)]);
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [{ name: "big.jpg", bytes: big }],
    });
    expect(response.status).toBe(413);
    expect(response.body.message).toBe("A photo can be at most 10 MB");
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("cuts off a 100 MB upload at the limit without holding it (413), and stores nothing", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const boundary = `----staylondon${randomBytes(8).toString("hex")}`;
    const encoder = new TextEncoder();
    const parts: Uint8Array[] = [
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="property"\r\n\r\n${JSON.stringify(valid())}\r\n`,
      ),
      encoder.encode(
        `--${boundary}\r\nContent-Disposition: form-data; name="photos"; filename="huge.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`,
      ),
    ];
    const chunk = new Uint8Array(1024 * 1024).fill(0x5a);
    const total = 100;
    let sentMegabytes = 0;
    // Streamed a megabyte at a time: the test itself never holds the 100 MB either.
    const body = new ReadableStream<Uint8Array>({
      pull(controller) {
        const head = parts.shift();
        if (head) controller.enqueue(head);
        else if (sentMegabytes < total) {
          sentMegabytes++;
          controller.enqueue(chunk);
        } else {
          controller.enqueue(encoder.encode(`\r\n--${boundary}--\r\n`));
          controller.close();
        }
      },
    });
    const response = await fetch(`${server.baseUrl}/api/properties`, {
      method: "POST",
      body,
      headers: {
        "content-type": `multipart/form-data; boundary=${boundary}`,
        ...(c.cookie ? { cookie: c.cookie } : {}),
      },
      duplex: "half",
    } as RequestInit);
    const answer = (await response.json()) as { message: string };
    expect(response.status, answer.message).toBe(413);
    expect(answer.message).toBe("A photo can be at most 10 MB");
    // Refused by the parser's size limit, after reading the rest through without keeping it.
    expect(sentMegabytes).toBe(total);
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses 21 photos (400), and stores nothing", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const small = await makeImage("jpeg", { width: 64, height: 48 });
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: Array.from({ length: 21 }, (_, i) => ({ name: `p${i}.jpg`, bytes: small })),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("A property can have at most 20 photos");
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses 20 device photos plus an image address (400), and stores nothing", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const small = await makeImage("jpeg", { width: 64, height: 48 });
    const response = await postForm(c, "/api/properties", {
      property: valid({ images: ["https://images.example.com/one-too-many.jpg"] }),
      files: Array.from({ length: 20 }, (_, i) => ({ name: `p${i}.jpg`, bytes: small })),
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("A property can have at most 20 photos");
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a picture of more than 50 megapixels (a decompression bomb), and stores nothing", async () => {
    const { c, user } = await landlord();
    const before = await storedFiles();
    const bomb = await makeLargePicture(60);
    const response = await postForm(c, "/api/properties", {
      property: valid(),
      files: [{ name: "bomb.png", bytes: bomb, type: "image/png" }],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("bomb.png is too large a picture: at most 50 megapixels");
    expect(await countProperties(user.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("refuses a file under another field name", async () => {
    const { c, user } = await landlord();
    const body = new FormData();
    body.append("property", JSON.stringify(valid()));
    body.append("attachment", new Blob([new Uint8Array(jpeg)], { type: "image/jpeg" }), "a.jpg");
    const response = await fetch(`${server.baseUrl}/api/properties`, {
      method: "POST",
      body,
      headers: c.cookie ? { cookie: c.cookie } : {},
    });
    expect(response.status).toBe(400);
    expect(((await response.json()) as { message: string }).message).toBe("Unknown form field: attachment");
    expect(await countProperties(user.id)).toBe(0);
  });
});

describe("POST /api/properties/:id/photos", () => {
  it.each(["png", "webp", "avif", "gif", "tiff"] as ImageFormat[])(
    "takes a %s photo and stores it as WebP",
    async (format) => {
      const { c, property } = await ownProperty();
      const bytes = await makeImage(format, { width: 500, height: 300 });
      const response = await postForm(c, `/api/properties/${property.id}/photos`, {
        files: [{ name: `photo.${format}`, bytes, type: `image/${format}` }],
      });
      expect(response.status, JSON.stringify(response.body)).toBe(201);
      const [photo] = photosOf(response.body);
      const stored = await sharp(path.join(dataDir, "photos", uploadedPhotoKey(photo?.url), "1600.webp")).metadata();
      expect([stored.format, stored.width, stored.height]).toEqual(["webp", 500, 300]);
    },
  );

  it("makes the first photo of a property without photos its main photo, and adds later ones after it", async () => {
    const { c, property } = await ownProperty();
    const first = await c.post(`/api/properties/${property.id}/photos`, { url: "https://images.example.com/1.jpg" });
    expect(first.status).toBe(201);
    expect(photosOf(first.body).map((p) => [p.url, p.isMain])).toEqual([["https://images.example.com/1.jpg", true]]);
    const second = await postForm(c, `/api/properties/${property.id}/photos`, {
      files: [{ name: "room.jpg", bytes: jpeg }],
    });
    expect(second.status).toBe(201);
    const list = photosOf(second.body);
    expect(list.map((p) => p.isMain)).toEqual([true, false]);
    expect(list.map((p) => p.displayOrder)).toEqual([0, 1]);
    expect(list[1]?.srcSet).toContain("480w");
  });

  it("refuses an address that is not a web address, and an empty upload", async () => {
    const { c, property } = await ownProperty();
    const bad = await c.post(`/api/properties/${property.id}/photos`, { url: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe("Enter an image URL starting with https://");
    const extra = await c.post(`/api/properties/${property.id}/photos`, { url: "https://a.example/x.jpg", main: true });
    expect(extra.status).toBe(400);
    const empty = await postForm(c, `/api/properties/${property.id}/photos`, {});
    expect(empty.status).toBe(400);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
  });

  it("refuses a text file named photo.jpg (415), and stores nothing", async () => {
    const { c, property } = await ownProperty();
    const before = await storedFiles();
    const response = await postForm(c, `/api/properties/${property.id}/photos`, {
      files: [{ name: "photo.jpg", bytes: Buffer.from("hello, I am text") }],
    });
    expect(response.status).toBe(415);
    expect(response.body.message).toBe(NOT_AN_IMAGE("photo.jpg"));
    expect(await countPropertyPhotos(t.db, property.id)).toBe(0);
    expect(await storedFiles()).toEqual(before);
  });

  it("keeps a property at 20 photos: uploads or an address past that are 400, and nothing is stored", async () => {
    const urls = Array.from({ length: 19 }, (_, i) => `https://images.example.com/${i}.jpg`);
    const { c, property } = await ownProperty(urls);
    const before = await storedFiles();
    const two = await postForm(c, `/api/properties/${property.id}/photos`, {
      files: [
        { name: "a.jpg", bytes: jpeg },
        { name: "b.jpg", bytes: jpeg },
      ],
    });
    expect(two.status).toBe(400);
    expect(two.body.message).toBe("A property can have at most 20 photos");
    expect(await countPropertyPhotos(t.db, property.id)).toBe(19);
    expect(await storedFiles()).toEqual(before);

    const twentieth = await c.post(`/api/properties/${property.id}/photos`, {
      url: "https://images.example.com/20.jpg",
    });
    expect(twentieth.status).toBe(201);
    const twentyFirst = await c.post(`/api/properties/${property.id}/photos`, {
      url: "https://images.example.com/21.jpg",
    });
    expect(twentyFirst.status).toBe(400);
    expect(twentyFirst.body.message).toBe("A property can have at most 20 photos");
    const upload = await postForm(c, `/api/properties/${property.id}/photos`, {
      files: [{ name: "c.jpg", bytes: jpeg }],
    });
    expect(upload.status).toBe(400);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(20);
    expect(await storedFiles()).toEqual(before);
  });

  it("holds the limit when uploads race: never more than 20", async () => {
    const urls = Array.from({ length: 18 }, (_, i) => `https://images.example.com/${i}.jpg`);
    const { c, property } = await ownProperty(urls);
    const answers = await Promise.all(
      Array.from({ length: 4 }, (_, i) =>
        c.post(`/api/properties/${property.id}/photos`, { url: `https://images.example.com/race-${i}.jpg` }),
      ),
    );
    expect(answers.filter((a) => a.status === 201)).toHaveLength(2);
    expect(answers.filter((a) => a.status === 400)).toHaveLength(2);
    expect(await countPropertyPhotos(t.db, property.id)).toBe(20);
  });
});

describe("ordering, choosing the main photo, removing", () => {
  /** A property with three photos: an upload and two addresses. */
  async function threePhotos() {
    const { c, property } = await ownProperty(["https://images.example.com/a.jpg", "https://images.example.com/b.jpg"]);
    const upload = await postForm(c, `/api/properties/${property.id}/photos`, {
      files: [{ name: "c.jpg", bytes: jpeg }],
    });
    expect(upload.status).toBe(201);
    const [a, b, uploaded] = photosOf(upload.body);
    if (!a || !b || !uploaded) throw new Error("three photos expected");
    return { c, property, a, b, uploaded };
  }

  it("puts the photos in a new order", async () => {
    const { c, property, a, b, uploaded } = await threePhotos();
    const response = await c.request("PUT", `/api/properties/${property.id}/photos/order`, {
      photoIds: [uploaded.id, a.id, b.id],
    });
    expect(response.status).toBe(200);
    expect(photosOf(response.body).map((p) => [p.id, p.displayOrder])).toEqual([
      [uploaded.id, 0],
      [a.id, 1],
      [b.id, 2],
    ]);
    // The main photo stays what it was.
    expect(photosOf(response.body).find((p) => p.isMain)?.id).toBe(a.id);
  });

  it("refuses an order that is not exactly the property's photos, each once", async () => {
    const { c, property, a, b, uploaded } = await threePhotos();
    const other = await ownProperty(["https://images.example.com/other.jpg"]);
    const [foreign] = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, other.property.id));
    for (const photoIds of [
      [a.id, b.id],
      [a.id, b.id, uploaded.id, a.id],
      [a.id, a.id, b.id],
      [a.id, b.id, foreign?.id ?? 0],
      [],
    ]) {
      const response = await c.request("PUT", `/api/properties/${property.id}/photos/order`, { photoIds });
      expect(response.status, JSON.stringify(photoIds)).toBe(400);
    }
    const list = await c.get(`/api/properties/${property.id}/manage`);
    expect(ZManagedProperty.parse(list.body).photos.map((p) => p.id)).toEqual([a.id, b.id, uploaded.id]);
  });

  it("takes photo ids as JSON numbers only: text, true or a list are a 400, and the order stays", async () => {
    const { c, property, a, b, uploaded } = await threePhotos();
    // The first would read as exactly the property's photos if "12" became 12 and [13] became 13.
    for (const photoIds of [
      [String(uploaded.id), a.id, [b.id]],
      ["3", true, [4]],
      [uploaded.id, a.id, b.id + 0.5],
      [uploaded.id, a.id, null],
    ]) {
      const response = await c.request("PUT", `/api/properties/${property.id}/photos/order`, { photoIds });
      expect(response.status, JSON.stringify(photoIds)).toBe(400);
      expect(response.body.message, JSON.stringify(photoIds)).toMatch(/^Each of photoIds must be a (whole )?number$/);
    }
    const notAList = await c.request("PUT", `/api/properties/${property.id}/photos/order`, { photoIds: "1,2,3" });
    expect(notAList.status).toBe(400);
    expect(notAList.body.message).toBe("photoIds must be a list of photo ids");
    const list = await c.get(`/api/properties/${property.id}/manage`);
    expect(ZManagedProperty.parse(list.body).photos.map((p) => [p.id, p.displayOrder])).toEqual([
      [a.id, 0],
      [b.id, 1],
      [uploaded.id, 2],
    ]);
  });

  it("makes one photo main, and only one", async () => {
    const { c, property, a, uploaded } = await threePhotos();
    const response = await c.request("PUT", `/api/properties/${property.id}/photos/${uploaded.id}/main`);
    expect(response.status).toBe(200);
    const list = photosOf(response.body);
    expect(list.filter((p) => p.isMain).map((p) => p.id)).toEqual([uploaded.id]);
    const again = await c.request("PUT", `/api/properties/${property.id}/photos/${a.id}/main`);
    expect(
      photosOf(again.body)
        .filter((p) => p.isMain)
        .map((p) => p.id),
    ).toEqual([a.id]);
    expect((await c.request("PUT", `/api/properties/${property.id}/photos/999999/main`)).status).toBe(404);
  });

  it("removing the main photo makes the next one main; removing an upload deletes its files", async () => {
    const { c, property, a, b, uploaded } = await threePhotos();
    const key = uploadedPhotoKey(uploaded?.url);
    const removedMain = await c.request("DELETE", `/api/properties/${property.id}/photos/${a.id}`);
    expect(removedMain.status).toBe(200);
    expect(photosOf(removedMain.body).map((p) => [p.id, p.isMain])).toEqual([
      [b.id, true],
      [uploaded.id, false],
    ]);

    expect((await fetch(`${server.baseUrl}/media/photos/${key}/960.webp`)).status).toBe(200);
    const removedUpload = await c.request("DELETE", `/api/properties/${property.id}/photos/${uploaded.id}`);
    expect(photosOf(removedUpload.body).map((p) => p.id)).toEqual([b.id]);
    await expect(stat(path.join(dataDir, "photos", key))).rejects.toThrow();
    expect((await fetch(`${server.baseUrl}/media/photos/${key}/960.webp`)).status).toBe(404);

    const last = await c.request("DELETE", `/api/properties/${property.id}/photos/${b.id}`);
    expect(photosOf(last.body)).toEqual([]);
    expect((await c.request("DELETE", `/api/properties/${property.id}/photos/${b.id}`)).status).toBe(404);
  });
});

describe("serving photos", () => {
  it("serves only <key>/<width>.webp: no staging area, no listings, no other names", async () => {
    for (const url of [
      "/media/photos/",
      "/media/photos/.staging/",
      `/media/photos/${"a".repeat(32)}/`,
      `/media/photos/${"a".repeat(32)}/2000.webp`,
      "/media/photos/..%2f..%2fpackage.json",
    ]) {
      const response = await fetch(`${server.baseUrl}${url}`);
      expect(response.status, url).toBe(404);
    }
  });
});
