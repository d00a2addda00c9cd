import { readdir } from "node:fs/promises";
import path from "node:path";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addCalendarMonths, addDays, londonToday } from "../../common/domain/calendar-dates";
import { ZCertificateVault, ZLapsedCertificates, ZListingCertificates } from "../../common/schemas/certificates";
import { bookings, outgoingMessages, properties } from "../../server/db/schema";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/** The app's clock: tests move it forward to see certificates lapse and reminders fall due. */
let clock = new Date();
const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-certs-", now: () => clock });
const today = () => londonToday(clock);

/** A small, real PDF: header, one empty page, trailer. */
const PDF = Buffer.from(
  "%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n" +
    "3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n",
);

async function landlordWithProperty() {
  const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  const property = await createProperty(t.db, { ownerId: user.id });
  // Listed two years ago, so certificates from last year are after it.
  await t.db
    .update(properties)
    .set({ createdAt: sql`now() - interval '2 years'` })
    .where(eq(properties.id, property.id));
  return { client, user, property };
}

function certificateForm(fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string } | null) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  if (file)
    form.append(
      "document",
      new Blob([new Uint8Array(file.bytes)], { type: file.type ?? "application/pdf" }),
      file.name,
    );
  return form;
}

const upload = (
  c: HttpClient,
  propertyId: number,
  fields: Record<string, string>,
  bytes: Buffer = PDF,
  name = "cert.pdf",
) => c.request("POST", `/api/properties/${propertyId}/certificates`, certificateForm(fields, { bytes, name }));

const setFacts = (c: HttpClient, propertyId: number, hasGasSupply: boolean | null) =>
  c.request("PUT", `/api/properties/${propertyId}/certificates/facts`, {
    hasGasSupply,
    hmoLicenceApplies: false,
    selectiveLicenceApplies: false,
  });

async function storedDocuments(): Promise<string[]> {
  return readdir(path.join(dataDir, "documents")).catch(() => []);
}

async function guest() {
  return (await signedInUser(t.db, server.baseUrl, { role: "guest" })).client;
}

const quote = (c: HttpClient, propertyId: number, checkIn: string) =>
  c.get(`/api/properties/${propertyId}/quote?checkIn=${checkIn}&checkOut=${addDays(checkIn, 3)}&guests=1`);

const book = (c: HttpClient, propertyId: number, checkIn: string) =>
  c.post("/api/bookings", {
    propertyId,
    checkIn,
    checkOut: addDays(checkIn, 3),
    guestCount: 1,
    guestInfo: { firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
  });

describe("the certificate vault", () => {
  it("computes each kind's expiry on the server and shows the state", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    expect((await setFacts(client, property.id, true)).status).toBe(200);
    const issued = addDays(today(), -100);
    const gas = await upload(client, property.id, { kind: "gas_safety", issuedOn: issued });
    expect(gas.status, JSON.stringify(gas.body)).toBe(201);
    const epc = await upload(client, property.id, { kind: "epc", issuedOn: issued, rating: "C" });
    expect(epc.status, JSON.stringify(epc.body)).toBe(201);
    const vault = ZCertificateVault.parse(epc.body);
    const byKind = Object.fromEntries(vault.requirements.map((r) => [r.kind, r]));
    expect(byKind.gas_safety?.current?.expiresOn).toBe(addCalendarMonths(issued, 12));
    expect(byKind.gas_safety?.state).toBe("valid");
    expect(byKind.epc?.current?.expiresOn).toBe(addCalendarMonths(issued, 120));
    expect(byKind.eicr).toMatchObject({ required: true, state: "missing", current: null });
    expect(byKind.hmo_licence?.required).toBe(false);
    expect(vault.bookingsPaused).toBeNull();
    // The EPC's rating becomes the listing's, which the tenancy rules read.
    const [row] = await t.db
      .select({ epc: properties.epcRating })
      .from(properties)
      .where(eq(properties.id, property.id));
    expect(row?.epc).toBe("C");

    // The document is for the owner: a PDF back as sent.
    const doc = await fetch(
      `${server.baseUrl}/api/properties/${property.id}/certificates/${vault.history[0]?.id}/document`,
      {
        headers: { cookie: client.cookie ?? "" },
      },
    );
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toContain("application/pdf");
  });

  it("keeps a licence's printed expiry and asks for its borough", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    const issuedOn = addDays(today(), -10);
    const noBorough = await upload(client, property.id, {
      kind: "hmo_licence",
      issuedOn,
      expiresOn: addDays(today(), 900),
    });
    expect(noBorough.status).toBe(400);
    expect(noBorough.body.message).toBe("HMO licence: give the borough council that issued it");
    const ok = await upload(client, property.id, {
      kind: "hmo_licence",
      issuedOn,
      expiresOn: addDays(today(), 900),
      issuedBy: "London Borough of Hackney",
    });
    expect(ok.status, JSON.stringify(ok.body)).toBe(201);
    const vault = ZCertificateVault.parse(ok.body);
    expect(vault.history[0]).toMatchObject({ kind: "hmo_licence", expiresOn: addDays(today(), 900) });
  });
});

describe("a lapsed required certificate", () => {
  it("pauses new bookings with a 409 saying why, keeps booked stays, and a renewal resumes them at once", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    await setFacts(client, property.id, true);
    const guestClient = await guest();
    const checkIn = addDays(today(), 30);
    // A gas certificate 11 months and 20 days old: valid today, lapsed in 11 days.
    const issued = addDays(addCalendarMonths(today(), -12), 10);
    expect((await upload(client, property.id, { kind: "gas_safety", issuedOn: issued })).status).toBe(201);
    const booked = await book(guestClient, property.id, checkIn);
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const accepted = await client.post(`/api/bookings/${booked.body.id}/accept`, {});
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);

    // Twelve days on, the certificate has lapsed.
    clock = new Date(Date.now() + 12 * 86_400_000);
    const laterCheckIn = addDays(today(), 40);
    const q = await quote(guestClient, property.id, laterCheckIn);
    expect(q.status).toBe(409);
    expect(q.body.message).toMatch(
      /^New bookings are paused until the landlord uploads a current certificate \(Gas safety certificate expired on /,
    );
    const refused = await book(guestClient, property.id, laterCheckIn);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(q.body.message);
    // The stay booked and accepted before the lapse is still there.
    const [kept] = await t.db
      .select({ status: bookings.status })
      .from(bookings)
      .where(eq(bookings.id, Number(booked.body.id)));
    expect(kept?.status).toBe("confirmed");

    const vault = ZCertificateVault.parse((await client.get(`/api/properties/${property.id}/certificates`)).body);
    expect(vault.bookingsPaused).toBe(q.body.message);
    expect(vault.requirements.find((r) => r.kind === "gas_safety")?.state).toBe("lapsed");
    const listing = ZListingCertificates.parse(
      (await new HttpClient(server.baseUrl).get(`/api/properties/${property.id}/certificate-status`)).body,
    );
    expect(listing.bookingsPaused).toBe(q.body.message);
    expect(listing.certificates.find((c) => c.kind === "gas_safety")).toMatchObject({
      state: "lapsed",
      documentUrl: null,
    });

    // Admins see it among the lapsed.
    const { client: admin } = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    const lapsed = ZLapsedCertificates.parse((await admin.get("/api/admin/certificates/lapsed")).body);
    expect(lapsed.filter((l) => l.propertyId === property.id).map((l) => l.kind)).toEqual(["gas_safety"]);

    // A renewal resumes bookings with the next request.
    expect((await upload(client, property.id, { kind: "gas_safety", issuedOn: addDays(today(), -1) })).status).toBe(
      201,
    );
    expect((await quote(guestClient, property.id, laterCheckIn)).status).toBe(200);
    expect((await book(guestClient, property.id, laterCheckIn)).status).toBe(201);
    const after = ZLapsedCertificates.parse((await admin.get("/api/admin/certificates/lapsed")).body);
    expect(after.filter((l) => l.propertyId === property.id)).toEqual([]);
  });

  it("does not pause a home without gas for a lapsed gas certificate", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    await setFacts(client, property.id, false);
    await upload(client, property.id, { kind: "gas_safety", issuedOn: addDays(addCalendarMonths(today(), -12), 1) });
    clock = new Date(Date.now() + 5 * 86_400_000);
    expect((await quote(await guest(), property.id, addDays(today(), 20))).status).toBe(200);
  });
});

describe("expiry reminders", () => {
  it("go 60, 30 and 7 days before expiry, each exactly once", async () => {
    clock = new Date();
    const { client, user, property } = await landlordWithProperty();
    await setFacts(client, property.id, true);
    // Expires 70 days from now.
    const issued = addDays(addCalendarMonths(today(), -12), 70);
    expect((await upload(client, property.id, { kind: "gas_safety", issuedOn: issued })).status).toBe(201);
    const reminders = server.app.services.certificateReminders;
    const letters = async () =>
      (
        await t.db
          .select({ subject: outgoingMessages.subject })
          .from(outgoingMessages)
          .where(eq(outgoingMessages.recipient, user.email))
          // In the order they were written: sending a letter rewrites its row, which may move it in the table.
          .orderBy(outgoingMessages.id)
      ).map((m) => m.subject);
    const at = async (daysAhead: number) => {
      clock = new Date(Date.now() + daysAhead * 86_400_000);
      await reminders.sendDue();
      await reminders.sendDue();
    };
    await at(0);
    expect(await letters()).toEqual([]);
    await at(10);
    await at(11);
    await at(39);
    await at(40);
    await at(62);
    await at(63);
    await at(70);
    await at(71);
    const subjects = await letters();
    const title = property.title;
    expect(subjects).toEqual([
      `Gas safety certificate for ${title} expires in 60 days`,
      `Gas safety certificate for ${title} expires in 30 days`,
      `Gas safety certificate for ${title} expires in 7 days`,
    ]);
  });
});

describe("bad input", () => {
  it("refuses future dates, old certificates, non-documents and large files with a 4xx, storing nothing", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    const before = await storedDocuments();
    const future = await upload(client, property.id, { kind: "eicr", issuedOn: addDays(today(), 1) });
    expect(future.status).toBe(400);
    expect(future.body.message).toBe("The inspection or issue date cannot be in the future");

    // An EICR that ran out before the listing existed.
    const old = await upload(client, property.id, { kind: "eicr", issuedOn: addDays(today(), -365 * 8) });
    expect(old.status).toBe(400);
    expect(old.body.message).toMatch(/before the property was listed/);

    const text = await upload(
      client,
      property.id,
      { kind: "eicr", issuedOn: today() },
      Buffer.from("hello, not a PDF"),
      "cert.pdf",
    );
    expect(text.status).toBe(415);
    expect(text.body.message).toBe(
      "cert.pdf is neither a PDF nor a picture we can read: upload the certificate as a PDF, or a JPEG, PNG, WebP or AVIF photo of it",
    );

    const big = Buffer.concat([PDF.subarray(0, 9), Buffer.alloc(10 * 1024 * 1024 + 10, 32), Buffer.from("\n%%EOF\n")]);
    const tooLarge = await upload(client, property.id, { kind: "eicr", issuedOn: today() }, big);
    expect(tooLarge.status).toBe(413);
    expect(tooLarge.body.message).toBe("A certificate's document can be at most 10 MB");

    const noRating = await upload(client, property.id, { kind: "epc", issuedOn: today() });
    expect(noRating.status).toBe(400);
    expect(noRating.body.message).toBe("Give the EPC's energy rating (A to G)");

    const noFile = await client.request(
      "POST",
      `/api/properties/${property.id}/certificates`,
      certificateForm({ kind: "eicr", issuedOn: today() }, null),
    );
    expect(noFile.status).toBe(400);

    expect(await storedDocuments()).toEqual(before);
    const vault = ZCertificateVault.parse((await client.get(`/api/properties/${property.id}/certificates`)).body);
    expect(vault.history).toEqual([]);

    // A photo of the paper is taken, kept as WebP.
    const photo = await upload(
      client,
      property.id,
      { kind: "eicr", issuedOn: today() },
      await makeImage("jpeg"),
      "scan.pdf",
    );
    expect(photo.status, JSON.stringify(photo.body)).toBe(201);
    expect(ZCertificateVault.parse(photo.body).history[0]).toMatchObject({
      documentType: "image/webp",
      documentName: "scan.webp",
    });
  });
});

describe("who may not get in", () => {
  it("refuses another landlord, a guest, a contractor and a manager of another property", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    await upload(client, property.id, { kind: "eicr", issuedOn: today() });
    const vault = ZCertificateVault.parse((await client.get(`/api/properties/${property.id}/certificates`)).body);
    const certificateId = vault.history[0]?.id;
    const other = (await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true })).client;
    const guestClient = await guest();
    const contractor = (await signedInUser(t.db, server.baseUrl, { role: "contractor" })).client;
    const manager = (await signedInUser(t.db, server.baseUrl, { role: "property_manager" })).client;
    const anonymous = new HttpClient(server.baseUrl);
    const base = `/api/properties/${property.id}/certificates`;
    const facts = { hasGasSupply: true, hmoLicenceApplies: false, selectiveLicenceApplies: false };
    for (const [who, c, status] of [
      ["another landlord", other, 404],
      ["a manager of other properties", manager, 404],
      ["a guest", guestClient, 403],
      ["a contractor", contractor, 403],
      ["someone signed out", anonymous, 401],
    ] as const) {
      expect((await c.get(base)).status, who).toBe(status);
      expect((await c.request("PUT", `${base}/facts`, facts)).status, who).toBe(status);
      expect((await upload(c, property.id, { kind: "eicr", issuedOn: today() })).status, who).toBe(status);
      expect((await c.get(`${base}/${certificateId}/document`)).status, who).toBe(status);
      // An unshared document is not reachable from the listing either.
      expect((await c.get(`${base}/shared/${certificateId}/document`)).status, who).toBe(404);
    }
    expect((await guestClient.get("/api/admin/certificates/lapsed")).status).toBe(403);
    expect((await other.get("/api/admin/certificates/lapsed")).status).toBe(403);
    // Only the owner's upload is there.
    const after = ZCertificateVault.parse((await client.get(base)).body);
    expect(after.history).toHaveLength(1);
  });

  it("lets the property's current manager keep its certificates", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    const { client: manager, user: managerUser } = await signedInUser(t.db, server.baseUrl, {
      role: "property_manager",
    });
    const assigned = await client.request("PUT", `/api/properties/${property.id}/manager`, {
      email: managerUser.email,
    });
    expect(assigned.status, JSON.stringify(assigned.body)).toBe(200);
    const upload1 = await upload(manager, property.id, { kind: "eicr", issuedOn: today() });
    expect(upload1.status, JSON.stringify(upload1.body)).toBe(201);
    await client.request("DELETE", `/api/properties/${property.id}/manager`);
    expect((await manager.get(`/api/properties/${property.id}/certificates`)).status).toBe(404);
  });

  it("shows a shared document to anyone, and never an unshared one", async () => {
    clock = new Date();
    const { client, property } = await landlordWithProperty();
    await upload(client, property.id, { kind: "epc", issuedOn: today(), rating: "B", sharedWithGuests: "true" });
    const listing = ZListingCertificates.parse(
      (await new HttpClient(server.baseUrl).get(`/api/properties/${property.id}/certificate-status`)).body,
    );
    const epc = listing.certificates.find((c) => c.kind === "epc");
    expect(epc).toMatchObject({ state: "valid", rating: "B", issuedOn: today() });
    const doc = await fetch(`${server.baseUrl}${epc?.documentUrl}`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get("content-type")).toContain("application/pdf");
  });
});
