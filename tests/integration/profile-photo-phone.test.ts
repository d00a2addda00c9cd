import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { ZProfilePhoto } from "../../common/schemas/account";
import { MAX_PHOTO_BYTES } from "../../common/schemas/property-form";
import { outboxMessages, users } from "../../server/db/schema";
import type { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Profile's photo and phone: a person uploads, replaces and removes their own photo through the local photo store,
 * and moves their account to a new phone number confirmed by a code texted to it, keeping the old number verified
 * until then.
 */
const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-profile-", withoutChangeFeed: true });

let jpeg: Buffer;
let png: Buffer;
beforeAll(async () => {
  jpeg = await makeImage("jpeg", { width: 1200, height: 800 });
  png = await makeImage("png", { width: 300, height: 600 });
});

const AVATAR_URL = /^\/media\/photos\/([0-9a-f]{32})\/480\.webp$/;

async function sendPhoto(c: HttpClient, file: { bytes: Buffer; name: string; type?: string }, field = "photo") {
  const body = new FormData();
  body.append(field, new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "image/jpeg" }), file.name);
  const response = await fetch(`${server.baseUrl}/api/account/photo`, {
    method: "POST",
    body,
    headers: c.cookie ? { cookie: c.cookie } : {},
  });
  const text = await response.text();
  return { status: response.status, body: (text ? JSON.parse(text) : {}) as Record<string, unknown> };
}

/** Every file under DATA_DIR/photos, staging included. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "photos");
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)))
    .sort();
}

const rowOf = async (id: number) => {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
};

const keyOf = (url: unknown) => AVATAR_URL.exec(String(url))?.[1] ?? "";

describe("the profile photo, in the local store", () => {
  it("takes a JPEG, stores it as a 480 px square WebP, serves it, and shows it as the signed-in person's", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const saved = await sendPhoto(client, { bytes: jpeg, name: "me.jpg" });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const { profileImageUrl } = ZProfilePhoto.parse(saved.body);
    expect(profileImageUrl).toMatch(AVATAR_URL);
    expect((await rowOf(user.id)).profileImageUrl).toBe(profileImageUrl);
    expect((await client.get("/api/auth/user")).body.user).toMatchObject({ profileImageUrl });

    const served = await fetch(`${server.baseUrl}${profileImageUrl}`);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toMatch(/image\/webp/);
    const meta = await sharp(Buffer.from(await served.arrayBuffer())).metadata();
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 480, 480]);
    expect(await storedFiles()).toContain(`${keyOf(profileImageUrl)}/480.webp`);
  });

  it("replacing the photo (a PNG) deletes the old file; removing it deletes the file and shows the initial", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const first = ZProfilePhoto.parse((await sendPhoto(client, { bytes: jpeg, name: "first.jpg" })).body);
    const firstKey = keyOf(first.profileImageUrl);
    const second = await sendPhoto(client, { bytes: png, name: "second.png", type: "image/png" });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    const secondUrl = ZProfilePhoto.parse(second.body).profileImageUrl;
    expect(keyOf(secondUrl)).not.toBe(firstKey);
    const files = await storedFiles();
    expect(files.some((f) => f.startsWith(`${firstKey}/`))).toBe(false);
    expect(files).toContain(`${keyOf(secondUrl)}/480.webp`);
    expect((await fetch(`${server.baseUrl}${first.profileImageUrl}`)).status).toBe(404);

    const removed = await client.request("DELETE", "/api/account/photo");
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.profileImageUrl).toBeNull();
    expect((await rowOf(user.id)).profileImageUrl).toBeNull();
    expect((await storedFiles()).some((f) => f.startsWith(`${keyOf(secondUrl)}/`))).toBe(false);
    // Removing when there is none is the same calm answer.
    expect((await client.request("DELETE", "/api/account/photo")).status).toBe(200);
  });

  it("forgets a photo given by Google at sign-in without touching the store", async () => {
    const google = "https://lh3.googleusercontent.com/a/photo";
    const { client, user } = await signedInUser(t.db, server.baseUrl, { profileImageUrl: google });
    const saved = await sendPhoto(client, { bytes: jpeg, name: "me.jpg" });
    expect(saved.status).toBe(200);
    expect((await rowOf(user.id)).profileImageUrl).toMatch(AVATAR_URL);
  });

  it("refuses a file that is not a photo by its bytes, one too large, an empty one or none, and changes nothing", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl);
    const kept = ZProfilePhoto.parse((await sendPhoto(client, { bytes: jpeg, name: "kept.jpg" })).body);
    const before = await storedFiles();

    const text = await sendPhoto(client, { bytes: Buffer.from("not a photo at all"), name: "me.jpg" });
    expect(text.status).toBe(415);
    expect(text.body.message).toMatch(/not an image we can use/);

    const huge = Buffer.concat([jpeg, Buffer.alloc(MAX_PHOTO_BYTES)]);
    const tooLarge = await sendPhoto(client, { bytes: huge, name: "huge.jpg" });
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toMatch(/at most 10 MB/);

    const empty = await sendPhoto(client, { bytes: Buffer.alloc(0), name: "empty.jpg" });
    expect(empty.status).toBe(415);

    const wrongField = await sendPhoto(client, { bytes: jpeg, name: "me.jpg" }, "photos");
    expect(wrongField.status).toBe(400);
    const json = await client.post("/api/account/photo", { url: "https://example.com/me.jpg" });
    expect(json.status).toBe(400);
    expect(typeof json.body.message).toBe("string");

    expect((await rowOf(user.id)).profileImageUrl).toBe(kept.profileImageUrl);
    expect(await storedFiles()).toEqual(before);
  });

  it("acts on the signed-in person's own photo only: another person cannot change or remove it", async () => {
    const owner = await signedInUser(t.db, server.baseUrl);
    const other = await signedInUser(t.db, server.baseUrl);
    const mine = ZProfilePhoto.parse((await sendPhoto(owner.client, { bytes: jpeg, name: "me.jpg" })).body);
    expect((await other.client.request("DELETE", "/api/account/photo")).status).toBe(200);
    expect((await rowOf(owner.user.id)).profileImageUrl).toBe(mine.profileImageUrl);
    expect((await fetch(`${server.baseUrl}${mine.profileImageUrl}`)).status).toBe(200);
    // Signed out: nobody's.
    const anonymous = await fetch(`${server.baseUrl}/api/account/photo`, { method: "DELETE" });
    expect(anonymous.status).toBe(401);
  });

  it("answers the local store's way of uploading when asked for a direct-upload ticket", async () => {
    const { client } = await signedInUser(t.db, server.baseUrl);
    const asked = await client.post("/api/account/photo/uploads", {
      fileName: "me.jpg",
      contentType: "image/jpeg",
      size: jpeg.length,
    });
    expect(asked).toMatchObject({ status: 200, body: { mode: "form" } });
  });
});

// ---------------------------------------------------------------- phone

let counter = 0;
/** A distinct valid UK mobile per call, so outbox lookups never pick up another test's code. */
const mobile = () => `07400 ${String(300_000 + ++counter).padStart(6, "0")}`;
const e164 = (local: string) => `+44${local.replace(/\s/g, "").slice(1)}`;

async function latestCode(to: string): Promise<string> {
  const [message] = await t.db
    .select()
    .from(outboxMessages)
    .where(eq(outboxMessages.recipient, to))
    .orderBy(sql`${outboxMessages.id} desc`);
  const code = message?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code for ${to}`);
  return code;
}

const sentTo = async (to: string) =>
  (await t.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, to))).length;

/** A person with a verified number, as a guest mid-booking would be. */
async function verifiedPerson() {
  const old = e164(mobile());
  const signed = await signedInUser(t.db, server.baseUrl, { phoneNumber: old, phoneVerified: true });
  return { ...signed, old };
}

describe("changing the phone number from Profile", () => {
  it("texts the code to the new number, keeps the old one verified meanwhile, and switches on the right code", async () => {
    const { client, user, old } = await verifiedPerson();
    const local = mobile();
    const sent = await client.post("/api/account/phone", { phoneNumber: local });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect(sent.body).toMatchObject({ phoneNumber: e164(local), resendAfterSeconds: 60 });
    expect(await sentTo(e164(local))).toBe(1);
    expect(await sentTo(old)).toBe(0);

    // Until the code comes back, the account is exactly as it was.
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: old, phoneVerified: true });
    expect((await client.get("/api/auth/user")).body.user).toMatchObject({ phoneNumber: old, phoneVerified: true });

    const code = await latestCode(e164(local));
    const verified = await client.post("/api/account/phone/verify", { code });
    expect(verified.status, JSON.stringify(verified.body)).toBe(200);
    expect(verified.body.user).toMatchObject({ phoneNumber: e164(local), phoneVerified: true });
    const row = await rowOf(user.id);
    expect(row).toMatchObject({ phoneNumber: e164(local), phoneVerified: true, phoneVerificationCode: null });
    // The code is used up.
    expect((await client.post("/api/account/phone/verify", { code })).status).toBe(409);
  });

  it("adds a first number the same way, verified once the code comes back", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { phoneNumber: null, phoneVerified: false });
    const local = mobile();
    expect((await client.post("/api/account/phone", { phoneNumber: local })).status).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: null, phoneVerified: false });
    const verified = await client.post("/api/account/phone/verify", { code: await latestCode(e164(local)) });
    expect(verified.status).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: e164(local), phoneVerified: true });
  });

  it("refuses a wrong code, then five wrong codes kill it, and the old number stays verified throughout", async () => {
    const { client, user, old } = await verifiedPerson();
    const local = mobile();
    await client.post("/api/account/phone", { phoneNumber: local });
    const code = await latestCode(e164(local));
    const wrong = code === "000000" ? "111111" : "000000";
    const first = await client.post("/api/account/phone/verify", { code: wrong });
    expect(first).toMatchObject({ status: 400, body: { message: "That code is not right. 4 tries left." } });
    for (let i = 0; i < 3; i++) await client.post("/api/account/phone/verify", { code: wrong });
    expect((await client.post("/api/account/phone/verify", { code: wrong })).status).toBe(429);
    const right = await client.post("/api/account/phone/verify", { code });
    expect(right.status).toBe(429);
    expect(right.body.message).toMatch(/ask for a new code/);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: old, phoneVerified: true });
  });

  it("refuses an expired code and changes nothing", async () => {
    const { client, user, old } = await verifiedPerson();
    const local = mobile();
    await client.post("/api/account/phone", { phoneNumber: local });
    const code = await latestCode(e164(local));
    await t.db
      .update(users)
      .set({ phoneVerificationExpires: new Date(Date.now() - 1000) })
      .where(eq(users.id, user.id));
    const late = await client.post("/api/account/phone/verify", { code });
    expect(late.status).toBe(400);
    expect(late.body.message).toMatch(/expired/);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: old, phoneVerified: true });
  });

  it("refuses a bad number, the current number, a second code within the minute, and a code never asked for", async () => {
    const { client, user, old } = await verifiedPerson();
    expect((await client.post("/api/account/phone/verify", { code: "123456" })).status).toBe(409);
    for (const phoneNumber of ["", "not a number", "020 7946 0000", "+1 202 555 0101"]) {
      const refused = await client.post("/api/account/phone", { phoneNumber });
      expect(refused.status, phoneNumber).toBe(400);
      expect(typeof refused.body.message).toBe("string");
    }
    const same = await client.post("/api/account/phone", { phoneNumber: old });
    expect(same).toMatchObject({ status: 400, body: { message: "That is already your phone number." } });
    expect((await client.post("/api/account/phone", { phoneNumber: mobile() })).status).toBe(200);
    const again = await client.post("/api/account/phone", { phoneNumber: mobile() });
    expect(again.status).toBe(429);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: old, phoneVerified: true });
  });

  it("keeps the verification page working for a person with no verified number", async () => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { phoneNumber: null, phoneVerified: false });
    const local = mobile();
    const sent = await client.post("/api/auth/send-phone-verification", { phoneNumber: local });
    expect(sent.status).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: e164(local), phoneVerified: false });
    const verified = await client.post("/api/auth/verify-phone", { code: await latestCode(e164(local)) });
    expect(verified.status).toBe(200);
    expect(await rowOf(user.id)).toMatchObject({ phoneNumber: e164(local), phoneVerified: true });
  });

  it("a code sent for one account cannot confirm another's change", async () => {
    const a = await verifiedPerson();
    const b = await verifiedPerson();
    const local = mobile();
    await a.client.post("/api/account/phone", { phoneNumber: local });
    const code = await latestCode(e164(local));
    expect((await b.client.post("/api/account/phone/verify", { code })).status).toBe(409);
    expect(await rowOf(b.user.id)).toMatchObject({ phoneNumber: b.old, phoneVerified: true });
    expect(await rowOf(a.user.id)).toMatchObject({ phoneNumber: a.old, phoneVerified: true });
  });
});
