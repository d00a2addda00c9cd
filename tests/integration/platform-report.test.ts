import { createHash } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { XMLParser } from "fast-xml-parser";
import { beforeAll, describe, expect, it } from "vitest";
import { ZPlatformReportSummary, ZSellerPlatformReport } from "../../common/schemas/platform-report";
import { ZPlatformReportFilingList } from "../../common/schemas/platform-report-filings";
import {
  auditLogs,
  bookings,
  maintenanceJobs,
  platformReportFilings,
  propertyManagerAssignments,
} from "../../server/db/schema";
import { ServerKeys } from "../../server/lib/server-keys";
import { postLedgerTransaction } from "../../server/repositories/ledger.repository";
import { postStayConfirmed, postStayRefund } from "../../server/services/money/booking-ledger";
import { jobCostLines } from "../../server/services/money/booking-postings";
import { createBooking, createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { logCapture } from "../support/log-capture";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * HMRC's yearly report of sellers' earnings through the real HTTP layer: the figures come from the ledger's real
 * postings by the London quarter they were posted in, refunds take from their own quarter, demo money is never
 * reported, a seller without tax details is flagged and kept out of the file, the XML parses with the OECD DPI
 * structure and escapes awkward names, and no identifier reaches the log or the audit log.
 */
const log = logCapture();
const OPERATOR = {
  PLATFORM_OPERATOR_ID: "XEDPI0123456789",
  PLATFORM_OPERATOR_UTR: "1234567008",
  COMPANY_NAME: "StayLondon Ltd",
  COMPANY_NUMBER: "01234567",
  COMPANY_ADDRESS: "1 Example Street, London EC1A 1AA",
};
const { t, server } = setUpTestApp({
  withoutChangeFeed: true,
  logStream: log.stream,
  config: OPERATOR,
  now: () => new Date("2026-11-29T12:00:00Z"),
});

const NINO = "JG103759A";
const UTR = "1955839661";
const COMPANY = "SC301540";
const AWKWARD_PERSON = "Zoë O'Brien-Smith";
const AWKWARD_BUSINESS = 'Smith & Jones "Lettings" <Ltd>';

type Client = HttpClient;
let admin: Client;
let ada: { client: Client; id: number };
let firm: { client: Client; id: number };
let noDetails: { client: Client; id: number };
let demoOnly: { client: Client; id: number };
let manager: { client: Client; id: number };
let contractor: { client: Client; id: number };
let adaFlat: number;
let adaRoom: number;

const parser = new XMLParser({ ignoreAttributes: false, attributeNamePrefix: "@", parseTagValue: false });

/** Raw GET, for answers that are not JSON: their exact bytes, and those read as UTF-8. */
async function fetchText(client: Client | null, path: string) {
  const response = await fetch(`${server.baseUrl}${path}`, {
    headers: client?.cookie ? { cookie: client.cookie } : {},
  });
  const bytes = Buffer.from(await response.arrayBuffer());
  return { status: response.status, headers: response.headers, bytes, text: bytes.toString("utf8") };
}

/** Sets when a stay's ledger postings were made: the ledger is append-only, so only with its triggers held off. */
async function postedAt(bookingId: number, kind: "booking_charge" | "refund", at: string) {
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update ledger_transactions set created_at = ${at}::timestamptz where booking_id = ${bookingId} and kind = ${kind}`,
    );
  });
}

/** A maintenance job at `propertyId` paid to the contractor at `paidAt`, in real money or demo. */
async function paidJob(owner: number, propertyId: number, pence: number, paidAt: string, demo = false) {
  const cost = (pence / 100).toFixed(2);
  const [job] = await t.db
    .insert(maintenanceJobs)
    .values({
      propertyId,
      reportedBy: owner,
      title: "Boiler service",
      description: "The yearly service of the boiler.",
      category: "plumbing",
      status: "completed",
      contractorId: contractor.id,
      agreedPayment: cost,
      finalCost: cost,
      completedAt: new Date(paidAt),
    })
    .returning({ id: maintenanceJobs.id });
  if (!job) throw new Error("job not inserted");
  await t.db.transaction((tx) =>
    postLedgerTransaction(tx, {
      kind: "job_cost",
      idempotencyKey: `job:${job.id}:cost`,
      demo,
      maintenanceJobId: job.id,
      lines: jobCostLines(owner, contractor.id, pence),
    }),
  );
  await t.db.transaction(async (tx) => {
    await tx.execute(sql`set local session_replication_role = replica`);
    await tx.execute(
      sql`update ledger_transactions set created_at = ${paidAt}::timestamptz where maintenance_job_id = ${job.id}`,
    );
  });
}

/** A stay charged in real money (card payments on) at `chargedAt`, confirmed. */
async function realStay(
  owner: number,
  propertyId: number,
  stay: { checkIn: string; checkOut: string; total: string; fee: string },
  chargedAt: string,
) {
  const booking = await createBooking(t.db, {
    propertyId,
    status: "pending",
    checkIn: stay.checkIn,
    checkOut: stay.checkOut,
    totalPrice: stay.total,
    serviceFee: stay.fee,
  });
  await t.db.transaction((tx) => postStayConfirmed(tx, { ...booking, ownerId: owner }, { demo: false }));
  await t.db.update(bookings).set({ status: "confirmed" }).where(eq(bookings.id, booking.id));
  await postedAt(booking.id, "booking_charge", chargedAt);
  return booking;
}

const individual = (legalName: string) => ({
  kind: "individual",
  legalName,
  dateOfBirth: "1985-12-10",
  address: { line1: "12 St James's Square", line2: "Flat <3> & more", city: "London", postcode: "SW1Y 4JH" },
  nationalInsuranceNumber: NINO,
  utr: UTR,
});

beforeAll(async () => {
  admin = (await signedInUser(t.db, server.baseUrl, { role: "admin" })).client;
  const landlord = async (firstName: string) => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, {
      role: "landlord",
      isApproved: true,
      firstName,
    });
    return { client, id: user.id };
  };
  const worker = async (role: "property_manager" | "contractor", firstName: string) => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, { role, firstName });
    return { client, id: user.id };
  };
  manager = await worker("property_manager", "Mina");
  contractor = await worker("contractor", "Cole");
  ada = await landlord("Ada");
  firm = await landlord("Firm");
  noDetails = await landlord("Nora");
  demoOnly = await landlord("Dee");

  expect((await ada.client.request("PUT", "/api/account/tax-details", individual(AWKWARD_PERSON))).status).toBe(200);
  const business = {
    kind: "business",
    legalName: AWKWARD_BUSINESS,
    address: { line1: "1 Commerce Row", city: "London", postcode: "EC1A 1BB" },
    companyNumber: COMPANY,
  };
  expect((await firm.client.request("PUT", "/api/account/tax-details", business)).status).toBe(200);

  adaFlat = (
    await createProperty(t.db, {
      ownerId: ada.id,
      title: "Fish & Chips <Flat>",
      address: "5 Mare Street",
      city: "Hackney",
      postcode: "E8 4RP",
      propertyType: "flat",
    })
  ).id;
  adaRoom = (await createProperty(t.db, { ownerId: ada.id, title: "Spare Room", propertyType: "room" })).id;
  const firmHouse = (await createProperty(t.db, { ownerId: firm.id, propertyType: "house" })).id;
  // Mina manages Firm's house for 12%, and has given her tax details; Cole the contractor has not.
  await t.db
    .insert(propertyManagerAssignments)
    .values({ propertyId: firmHouse, managerId: manager.id, managementFeeBps: 1200 });
  expect((await manager.client.request("PUT", "/api/account/tax-details", individual("Mina Patel"))).status).toBe(200);
  const noraFlat = (await createProperty(t.db, { ownerId: noDetails.id })).id;
  const deeFlat = (await createProperty(t.db, { ownerId: demoOnly.id })).id;

  const stay = { total: "330.00", fee: "30.00" };
  // 23:30 on 31 March in London is still the first quarter; 00:30 on 1 April (23:30 UTC on the 31st) is the second.
  await realStay(ada.id, adaFlat, { ...stay, checkIn: "2026-04-10", checkOut: "2026-04-13" }, "2026-03-31T22:30:00Z");
  const april = await realStay(
    ada.id,
    adaFlat,
    { ...stay, checkIn: "2026-05-01", checkOut: "2026-05-03" },
    "2026-03-31T23:30:00Z",
  );
  // £100 of the April stay refunded in May: its own quarter loses it.
  await t.db.transaction((tx) => postStayRefund(tx, { id: april.id, ownerId: ada.id }, { amountPence: 10_000 }));
  await postedAt(april.id, "refund", "2026-05-10T09:00:00Z");
  await realStay(ada.id, adaRoom, { ...stay, checkIn: "2026-08-01", checkOut: "2026-08-05" }, "2026-07-20T09:00:00Z");
  // Demo money beside the real: never reported.
  await createBooking(t.db, {
    propertyId: adaFlat,
    status: "confirmed",
    checkIn: "2026-06-01",
    checkOut: "2026-06-04",
  });
  await realStay(
    firm.id,
    firmHouse,
    { total: "1100.00", fee: "100.00", checkIn: "2026-11-01", checkOut: "2026-11-08" },
    "2026-10-15T09:00:00Z",
  );
  // Cole is paid £85.50 for a job at Firm's house in Q4, and £40 in demo money, which is never reported.
  await paidJob(firm.id, firmHouse, 8_550, "2026-11-02T10:00:00Z");
  await paidJob(firm.id, firmHouse, 4_000, "2026-11-03T10:00:00Z", true);
  await realStay(
    noDetails.id,
    noraFlat,
    { ...stay, checkIn: "2026-09-01", checkOut: "2026-09-03" },
    "2026-08-20T09:00:00Z",
  );
  // Dee's only stay, in 2024, was demo money.
  const demo = await createBooking(t.db, {
    propertyId: deeFlat,
    status: "confirmed",
    checkIn: "2024-06-01",
    checkOut: "2024-06-04",
  });
  await postedAt(demo.id, "booking_charge", "2024-05-20T09:00:00Z");
});

describe("the admin's summary of a year", () => {
  it("lists each seller with real stays, their figures from the ledger, and who has no tax details", async () => {
    const answer = await admin.get("/api/admin/platform-report/2026");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const report = ZPlatformReportSummary.parse(answer.body);
    expect(report).toMatchObject({ year: 2026, dueBy: "2027-01-31", demoOnly: false, missingSettings: [] });
    const byId = new Map(report.sellers.map((s) => [s.userId, s]));
    expect(byId.get(ada.id)).toEqual({
      userId: ada.id,
      name: AWKWARD_PERSON,
      taxDetails: "complete",
      kind: "individual",
      properties: 2,
      stays: 3,
      services: 0,
      // 300 + (300 − 100) + 300: the guests' £30 service fees are the platform's.
      considerationPence: 80_000,
    });
    // £1,000 of nights, of which Mina's 12% is hers: Firm is reported for £880, Mina for £120 of services.
    expect(byId.get(firm.id)).toMatchObject({ taxDetails: "complete", kind: "business", considerationPence: 88_000 });
    expect(byId.get(manager.id)).toMatchObject({
      name: "Mina Patel",
      taxDetails: "complete",
      properties: 0,
      stays: 0,
      services: 1,
      considerationPence: 12_000,
    });
    // Cole's real job counts; the demo one does not; his missing details are flagged like a landlord's.
    expect(byId.get(contractor.id)).toMatchObject({
      taxDetails: "missing",
      services: 1,
      considerationPence: 8_550,
    });
    expect(byId.get(noDetails.id)).toMatchObject({ name: "Nora User", taxDetails: "missing", kind: null, stays: 1 });
    expect(byId.has(demoOnly.id)).toBe(false);
    expect(report.totals).toEqual({
      sellers: 5,
      properties: 4,
      stays: 5,
      services: 2,
      considerationPence: 218_550,
      missingTaxDetails: 2,
    });
  });

  it("reports nothing for a year whose stays were all demo money, and says so", async () => {
    const answer = await admin.get("/api/admin/platform-report/2024");
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ demoOnly: true, sellers: [], totals: { sellers: 0, considerationPence: 0 } });
    const file = await fetchText(admin, "/api/admin/platform-report/2024.xml");
    expect(file.status).toBe(200);
    expect(file.text).toContain("<!-- StayLondon Ltd: sellers' earnings in 2024");
    expect(file.text).toContain("No real money: nothing to report.");
    const parsed = parser.parse(file.text);
    expect(parsed["dpi:DPI_OECD"]["dpi:MessageSpec"]["dpi:MessageTypeIndic"]).toBe("DPI403");
    expect(parsed["dpi:DPI_OECD"]["dpi:DPIBody"]["dpi:ReportableSeller"]).toBeUndefined();
  });
});

describe("the XML file for HMRC", () => {
  let text: string;
  // biome-ignore lint/suspicious/noExplicitAny: the parsed file is read by path, and the assertions check its shape
  let body: Record<string, any>;
  // biome-ignore lint/suspicious/noExplicitAny: as above
  let sellers: Record<string, any>[];

  beforeAll(async () => {
    const file = await fetchText(admin, "/api/admin/platform-report/2026.xml");
    expect(file.status, file.text).toBe(200);
    expect(file.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(file.headers.get("content-disposition")).toBe("attachment; filename=staylondon-dpi-2026.xml");
    text = file.text;
    const parsed = parser.parse(text);
    body = parsed["dpi:DPI_OECD"];
    sellers = [body["dpi:DPIBody"]["dpi:ReportableSeller"]].flat();
  });

  it("has the OECD DPI root, namespaces, message header and platform operator", () => {
    expect(body["@version"]).toBe("1.0");
    expect(body["@xmlns:dpi"]).toBe("urn:oecd:ties:dpi:v1");
    expect(body["@xmlns:stf"]).toBe("urn:oecd:ties:dpistf:v1");
    const spec = body["dpi:MessageSpec"];
    expect(Object.keys(spec)).toEqual([
      "dpi:SendingEntityIN",
      "dpi:TransmittingCountry",
      "dpi:ReceivingCountry",
      "dpi:MessageType",
      "dpi:MessageRefId",
      "dpi:MessageTypeIndic",
      "dpi:ReportingPeriod",
      "dpi:Timestamp",
    ]);
    expect(spec).toMatchObject({
      "dpi:SendingEntityIN": "XEDPI0123456789",
      "dpi:TransmittingCountry": "GB",
      "dpi:ReceivingCountry": "GB",
      "dpi:MessageType": "DPI",
      "dpi:MessageTypeIndic": "DPI401",
      "dpi:ReportingPeriod": "2026-12-31",
      "dpi:Timestamp": "2026-11-29T12:00:00.000Z",
    });
    expect(spec["dpi:MessageRefId"]).toMatch(/^GB2026GB-XEDPI0123456789-/);
    const operator = body["dpi:DPIBody"]["dpi:PlatformOperator"];
    expect(operator["dpi:TIN"]).toEqual({ "#text": "1234567008", "@issuedBy": "GB" });
    expect(operator["dpi:IN"]).toEqual({ "#text": "01234567", "@issuedBy": "GB", "@INType": "BRN" });
    expect(operator["dpi:Name"]).toBe("StayLondon Ltd");
    expect(operator["dpi:Address"]["@legalAddressType"]).toBe("OECD304");
    expect(operator["dpi:AssumedReporting"]).toBe("false");
    expect(operator["dpi:DocSpec"]["stf:DocTypeIndic"]).toBe("OECD1");
  });

  it("reports only sellers with complete tax details, and says how many were left out", () => {
    expect(sellers).toHaveLength(3);
    expect(text).toContain("2 sellers with earnings in 2026 gave no tax details");
  });

  it("writes a manager's fees as personal services by quarter, with no property listing", () => {
    const mina = sellers.find((s) => s["dpi:DocSpec"]["stf:DocRefId"].endsWith(`_S${manager.id}`));
    const activities = mina?.["dpi:RelevantActivities"];
    expect(Object.keys(activities)).toEqual(["dpi:PersonalServices"]);
    const services = activities["dpi:PersonalServices"];
    expect(Object.keys(services)).toEqual(["dpi:Consideration", "dpi:NumberOfActivities", "dpi:Fees", "dpi:Taxes"]);
    expect(services["dpi:Consideration"]["dpi:ConsQ4"]).toEqual({ "#text": "120", "@currCode": "GBP" });
    expect(services["dpi:Consideration"]["dpi:ConsQ3"]).toEqual({ "#text": "0", "@currCode": "GBP" });
    expect(services["dpi:NumberOfActivities"]).toEqual({
      "dpi:NumbQ1": "0",
      "dpi:NumbQ2": "0",
      "dpi:NumbQ3": "0",
      "dpi:NumbQ4": "1",
    });
    expect(services["dpi:Fees"]["dpi:FeesQ4"]).toEqual({ "#text": "0", "@currCode": "GBP" });
  });

  it("writes a person with their TINs, birth date and escaped name, and each listing by quarter in whole pounds", () => {
    const person = sellers.find((s) => s["dpi:Identity"]["dpi:IndividualSeller"]);
    const id = person?.["dpi:Identity"]["dpi:IndividualSeller"]["dpi:Standard"]["dpi:IndSellerID"];
    expect(id["dpi:ResCountryCode"]).toBe("GB");
    expect(id["dpi:TIN"]).toEqual([
      { "#text": NINO, "@issuedBy": "GB" },
      { "#text": UTR, "@issuedBy": "GB" },
    ]);
    expect(id["dpi:Name"]).toEqual({ "dpi:FirstName": "Zoë", "dpi:LastName": "O'Brien-Smith" });
    expect(id["dpi:Address"]["dpi:AddressFix"]).toEqual({
      "dpi:Street": "12 St James's Square, Flat <3> & more",
      "dpi:PostCode": "SW1Y 4JH",
      "dpi:City": "London",
    });
    expect(id["dpi:BirthInfo"]).toEqual({ "dpi:BirthDate": "1985-12-10" });

    const listings = [person?.["dpi:RelevantActivities"]["dpi:ImmovableProperty"]["dpi:PropertyListing"]].flat();
    expect(listings).toHaveLength(2);
    const [flat, room] = listings;
    expect(Object.keys(flat)).toEqual([
      "dpi:Address",
      "dpi:Consideration",
      "dpi:NumberOfActivities",
      "dpi:Fees",
      "dpi:Taxes",
      "dpi:PropertyType",
      "dpi:RentedDays",
    ]);
    const gbp = (value: number) => ({ "#text": String(value), "@currCode": "GBP" });
    expect(flat["dpi:Consideration"]).toEqual({
      "dpi:ConsQ1": gbp(300),
      "dpi:ConsQ2": gbp(200),
      "dpi:ConsQ3": gbp(0),
      "dpi:ConsQ4": gbp(0),
    });
    expect(flat["dpi:NumberOfActivities"]).toEqual({
      "dpi:NumbQ1": "1",
      "dpi:NumbQ2": "1",
      "dpi:NumbQ3": "0",
      "dpi:NumbQ4": "0",
    });
    expect(flat["dpi:Fees"]["dpi:FeesQ1"]).toEqual(gbp(0));
    expect(flat["dpi:Taxes"]["dpi:TaxQ4"]).toEqual(gbp(0));
    expect(flat["dpi:PropertyType"]).toBe("DPI905");
    // Three nights and two; the demo stay's three are not counted.
    expect(flat["dpi:RentedDays"]).toBe("5");
    expect(flat["dpi:Address"]["dpi:AddressFix"]).toEqual({
      "dpi:Street": "5 Mare Street",
      "dpi:PostCode": "E8 4RP",
      "dpi:City": "Hackney",
    });
    expect(room["dpi:Consideration"]["dpi:ConsQ3"]).toEqual(gbp(300));
    expect(room["dpi:PropertyType"]).toBe("DPI910");
    expect(room["dpi:OtherPropertyType"]).toBe("Room in a home");
    expect(person?.["dpi:DocSpec"]["stf:DocRefId"]).toBe(`${body["dpi:MessageSpec"]["dpi:MessageRefId"]}_S${ada.id}`);
  });

  it("writes a business with its company number, and escapes its name in the raw text", () => {
    const entity = sellers.find((s) => s["dpi:Identity"]["dpi:EntitySeller"]);
    const id = entity?.["dpi:Identity"]["dpi:EntitySeller"]["dpi:Standard"]["dpi:EntSellerID"];
    expect(id["dpi:TIN"]).toEqual({ "#text": "NOTIN", "@unknown": "true" });
    expect(id["dpi:IN"]).toEqual({ "#text": COMPANY, "@issuedBy": "GB", "@INType": "BRN" });
    expect(id["dpi:Name"]).toBe(AWKWARD_BUSINESS);
    expect(text).toContain("<dpi:Name>Smith &amp; Jones &quot;Lettings&quot; &lt;Ltd&gt;</dpi:Name>");
    expect(text).toContain("<dpi:FirstName>Zoë</dpi:FirstName>");
    const listing = entity?.["dpi:RelevantActivities"]["dpi:ImmovableProperty"]["dpi:PropertyListing"];
    expect(listing["dpi:Consideration"]["dpi:ConsQ4"]["#text"]).toBe("880");
    expect(listing["dpi:PropertyType"]).toBe("DPI904");
  });

  it("marks test data when asked", async () => {
    const file = await fetchText(admin, "/api/admin/platform-report/2026.xml?test=true");
    expect(file.status).toBe(200);
    expect(parser.parse(file.text)["dpi:DPI_OECD"]["dpi:DPIBody"]["dpi:PlatformOperator"]["dpi:DocSpec"]).toMatchObject(
      { "stf:DocTypeIndic": "OECD11" },
    );
  });
});

describe("each seller's own copy", () => {
  it("shows the seller their listings by quarter and their identifiers masked", async () => {
    const answer = await ada.client.get("/api/account/platform-report/2026");
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const copy = ZSellerPlatformReport.parse(answer.body);
    expect(copy).toMatchObject({ year: 2026, dueBy: "2027-01-31", demoOnly: false, considerationPence: 80_000 });
    expect(copy.identity).toMatchObject({
      kind: "individual",
      legalName: AWKWARD_PERSON,
      nationalInsuranceNumber: "••••••59A",
      utr: "•••••••661",
      companyNumber: null,
    });
    expect(copy.properties.map((p) => p.propertyId)).toEqual([adaFlat, adaRoom]);
    expect(copy.properties[0]?.quarters.map((q) => [q.considerationPence, q.stays])).toEqual([
      [30_000, 1],
      [20_000, 1],
      [0, 0],
      [0, 0],
    ]);
    expect(JSON.stringify(answer.body)).not.toContain(NINO);
    expect(JSON.stringify(answer.body)).not.toContain(UTR);
  });

  it("shows a manager and a contractor their services by quarter, and no properties", async () => {
    const mina = ZSellerPlatformReport.parse((await manager.client.get("/api/account/platform-report/2026")).body);
    expect(mina).toMatchObject({ properties: [], stays: 0, considerationPence: 12_000 });
    expect(mina.services?.quarters.map((q) => [q.considerationPence, q.activities])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
      [12_000, 1],
    ]);
    const cole = ZSellerPlatformReport.parse((await contractor.client.get("/api/account/platform-report/2026")).body);
    expect(cole).toMatchObject({ identity: null, considerationPence: 8_550, services: { activities: 1 } });
    // The owner's copy shows the stay's share after the manager's fee, and the job paid from it is not theirs to report.
    const firmCopy = ZSellerPlatformReport.parse((await firm.client.get("/api/account/platform-report/2026")).body);
    expect(firmCopy).toMatchObject({ services: null, considerationPence: 88_000 });
  });

  it("is empty for a seller whose stays were demo money, and for one with none that year", async () => {
    const dee = await demoOnly.client.get("/api/account/platform-report/2024");
    expect(dee.body).toMatchObject({ demoOnly: true, properties: [], considerationPence: 0, identity: null });
    const firmEarlier = await firm.client.get("/api/account/platform-report/2025");
    expect(firmEarlier.body).toMatchObject({ demoOnly: false, properties: [], stays: 0 });
  });
});

describe("who reaches the report", () => {
  const ADMIN_PATHS = ["/api/admin/platform-report/2026", "/api/admin/platform-report/2026.xml"];

  it("refuses a landlord and a guest with a 403, and a signed-out visitor with a 401", async () => {
    const guest = (await signedInUser(t.db, server.baseUrl, { role: "guest" })).client;
    for (const path of ADMIN_PATHS) {
      expect((await fetchText(ada.client, path)).status).toBe(403);
      expect((await fetchText(guest, path)).status).toBe(403);
      expect((await fetchText(null, path)).status).toBe(401);
    }
    expect((await guest.get("/api/account/platform-report/2026")).status).toBe(403);
    expect((await new HttpClient(server.baseUrl).get("/api/account/platform-report/2026")).status).toBe(401);
  });

  it("serves a seller only their own: the route names no one", async () => {
    const nora = await noDetails.client.get("/api/account/platform-report/2026");
    expect(nora.body).toMatchObject({ identity: null, stays: 1, considerationPence: 30_000 });
    expect(JSON.stringify(nora.body)).not.toContain("Mare Street");
    const smuggled = await noDetails.client.get(`/api/account/platform-report/2026?userId=${ada.id}`);
    expect(JSON.stringify(smuggled.body)).not.toContain("Mare Street");
  });

  it.each([
    ["2023", "between 2024 and 2026"],
    ["2027", "between 2024 and 2026"],
    ["20x6", "must be a number"],
    ["2026.5", "whole number"],
  ])("refuses the year %s with a 400 that says why", async (year, message) => {
    for (const path of [`/api/admin/platform-report/${year}`, `/api/account/platform-report/${year}`]) {
      const client = path.includes("admin") ? admin : ada.client;
      const answer = await client.get(path);
      expect(answer.status, path).toBe(400);
      expect(answer.body.message).toContain(message);
    }
    expect((await fetchText(admin, `/api/admin/platform-report/${year}.xml`)).status).toBe(400);
  });
});

describe("keeping identifiers out of the records", () => {
  it("records each export by year and seller count only, and no identifier reaches the log or the audit log", async () => {
    expect((await fetchText(admin, "/api/admin/platform-report/2026.xml")).status).toBe(200);
    const entries = await t.db
      .select()
      .from(auditLogs)
      .where(inArray(auditLogs.action, ["platform_report.exported"]))
      .orderBy(auditLogs.id);
    expect(entries.length).toBeGreaterThan(0);
    expect(entries.at(-1)?.details).toEqual({
      year: 2026,
      sellers: 3,
      missingTaxDetails: 2,
      test: false,
      filing: expect.any(Number),
    });
    const everything = JSON.stringify(await t.db.select().from(auditLogs));
    const logged = log.text();
    for (const secret of [NINO, UTR, COMPANY, OPERATOR.PLATFORM_OPERATOR_UTR]) {
      expect(everything).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });
});

describe("each report kept as it was sent", () => {
  const filingsOf = async (year: number) => {
    const answer = await admin.get(`/api/admin/platform-report/${year}/filings`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    return ZPlatformReportFilingList.parse(answer.body).filings;
  };
  const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
  const messageRef = (xml: string) => parser.parse(xml)["dpi:DPI_OECD"]["dpi:MessageSpec"]["dpi:MessageRefId"];
  const lastAudit = async (action: "platform_report.exported" | "platform_report.filing_downloaded") => {
    const [entry] = await t.db
      .select()
      .from(auditLogs)
      .where(eq(auditLogs.action, action))
      .orderBy(sql`${auditLogs.id} desc`)
      .limit(1);
    return entry;
  };
  let sent: Buffer;
  let filingId: number;

  beforeAll(async () => {
    const file = await fetchText(admin, "/api/admin/platform-report/2026.xml");
    expect(file.status, file.text).toBe(200);
    sent = file.bytes;
    const [newest] = await filingsOf(2026);
    if (!newest) throw new Error("the export was not kept");
    filingId = newest.id;
  });

  it("lists a real export with when, who, the counts, its message reference and checksum, and no identifier", async () => {
    const answer = await admin.get("/api/admin/platform-report/2026/filings");
    const [newest] = ZPlatformReportFilingList.parse(answer.body).filings;
    expect(newest).toEqual({
      id: filingId,
      year: 2026,
      messageRefId: messageRef(sent.toString("utf8")),
      createdAt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      createdBy: "Test User",
      sellers: 3,
      missingTaxDetails: 2,
      sha256: sha256(sent),
    });
    // Each export has its own message reference, though the test clock makes them all at the same instant.
    const refs = (await filingsOf(2026)).map((f) => f.messageRefId);
    expect(new Set(refs).size).toBe(refs.length);
    expect(refs.length).toBeGreaterThan(1);
    for (const secret of [NINO, UTR, COMPANY]) expect(JSON.stringify(answer.body)).not.toContain(secret);
    // Another year's list holds only its own: 2024's nil report.
    expect((await filingsOf(2024)).every((f) => f.year === 2024 && f.sellers === 0)).toBe(true);
    expect(await filingsOf(2025)).toEqual([]);
  });

  it("gives back the identical bytes after the seller changes their tax details, where a new export differs", async () => {
    const changed = { ...individual("Zoë Quinn"), nationalInsuranceNumber: "JG103759B" };
    expect((await ada.client.request("PUT", "/api/account/tax-details", changed)).status).toBe(200);
    const fresh = await fetchText(admin, "/api/admin/platform-report/2026.xml");
    expect(fresh.text).toContain("<dpi:LastName>Quinn</dpi:LastName>");
    expect(fresh.text).toContain("JG103759B");

    const stored = await fetchText(admin, `/api/admin/platform-report/filings/${filingId}.xml`);
    expect(stored.status, stored.text).toBe(200);
    expect(stored.headers.get("content-type")).toMatch(/^application\/xml/);
    expect(stored.headers.get("content-disposition")).toBe(
      `attachment; filename=staylondon-dpi-2026-${messageRef(sent.toString("utf8"))}.xml`,
    );
    expect(stored.headers.get("cache-control")).toBe("private, no-store");
    expect(stored.bytes.equals(sent)).toBe(true);
    expect(stored.text).toContain("<dpi:LastName>O&apos;Brien-Smith</dpi:LastName>");
    expect(stored.text).toContain(`<dpi:TIN issuedBy="GB">${NINO}</dpi:TIN>`);
    expect(stored.text).not.toContain("JG103759B");

    expect((await lastAudit("platform_report.filing_downloaded"))?.details).toEqual({
      year: 2026,
      sellers: 3,
      missingTaxDetails: 2,
      filing: filingId,
    });
  });

  it("does not keep a file made for HMRC's test service", async () => {
    const before = (await filingsOf(2026)).length;
    expect((await fetchText(admin, "/api/admin/platform-report/2026.xml?test=true")).status).toBe(200);
    expect(await filingsOf(2026)).toHaveLength(before);
    expect((await lastAudit("platform_report.exported"))?.details).toEqual({
      year: 2026,
      sellers: 3,
      missingTaxDetails: 2,
      test: true,
    });
  });

  it("keeps the file sealed under its own key, and no identifier in the audit log or the server's log", async () => {
    const rows = await t.db.select().from(platformReportFilings);
    expect(rows.length).toBeGreaterThan(0);
    const row = rows.find((r) => r.id === filingId);
    expect(row?.fileSealed).toMatch(/^v1\./);
    for (const secret of [NINO, UTR, COMPANY, "O&apos;Brien-Smith", "1985-12-10"]) {
      expect(JSON.stringify(rows)).not.toContain(secret);
    }
    expect(row?.fileSealed).not.toContain(NINO);
    // The tax details' key does not open it: each purpose has its own.
    const keys = new ServerKeys(t.db, undefined);
    await expect(keys.open("tax-identifiers", row?.fileSealed ?? "")).rejects.toThrow();
    expect(await keys.open("platform-report-filings", row?.fileSealed ?? "")).toBe(sent.toString("utf8"));

    const everything = JSON.stringify(await t.db.select().from(auditLogs));
    const logged = log.text();
    for (const secret of [NINO, UTR, COMPANY, "JG103759B", OPERATOR.PLATFORM_OPERATOR_UTR]) {
      expect(everything).not.toContain(secret);
      expect(logged).not.toContain(secret);
    }
  });

  it("is never changed or deleted: the table refuses both", async () => {
    const refused = (statement: Promise<unknown>) =>
      statement.then(
        () => "done",
        (error: Error & { cause?: Error }) => (error.cause ?? error).message,
      );
    expect(await refused(t.db.execute(sql`delete from platform_report_filings where id = ${filingId}`))).toMatch(
      /keeps each report as sent/,
    );
    expect(await refused(t.db.execute(sql`update platform_report_filings set sellers = 0`))).toMatch(
      /keeps each report as sent/,
    );
    expect(await refused(t.db.execute(sql`truncate platform_report_filings`))).toMatch(/keeps each report as sent/);
  });

  it("refuses a landlord, a guest and a manager with a 403, and a signed-out visitor with a 401", async () => {
    const guest = (await signedInUser(t.db, server.baseUrl, { role: "guest" })).client;
    for (const path of [
      "/api/admin/platform-report/2026/filings",
      `/api/admin/platform-report/filings/${filingId}.xml`,
    ]) {
      for (const client of [ada.client, guest, manager.client]) {
        const answer = await fetchText(client, path);
        expect(answer.status, path).toBe(403);
        expect(answer.text).not.toContain("DPI_OECD");
      }
      expect((await fetchText(null, path)).status).toBe(401);
    }
  });

  it.each([
    ["abc", 400, "must be a number written in digits"],
    ["0", 400, "must be positive"],
    ["99999999999", 400, "too large"],
    ["987654", 404, "No stored HMRC report has that number."],
  ])("answers the stored report %s with a %i that says why", async (id, status, message) => {
    const answer = await admin.get(`/api/admin/platform-report/filings/${id}.xml`);
    expect(answer.status).toBe(status);
    expect(answer.body.message).toContain(message);
  });

  it("refuses a year outside the reporting years for the list", async () => {
    const answer = await admin.get("/api/admin/platform-report/2023/filings");
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain("between 2024 and 2026");
  });
});

describe("without the platform operator's settings", () => {
  const bare = setUpTestApp({ withoutChangeFeed: true });

  it("refuses the export with a 409 naming what is missing, and the summary lists it", async () => {
    const { client } = await signedInUser(bare.t.db, bare.server.baseUrl, { role: "admin" });
    const summary = await client.get("/api/admin/platform-report/2025");
    expect(summary.body.missingSettings).toEqual(["PLATFORM_OPERATOR_ID", "PLATFORM_OPERATOR_UTR", "COMPANY_ADDRESS"]);
    const response = await fetch(`${bare.server.baseUrl}/api/admin/platform-report/2025.xml`, {
      headers: { cookie: client.cookie ?? "" },
    });
    expect(response.status).toBe(409);
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^The HMRC report needs PLATFORM_OPERATOR_ID, PLATFORM_OPERATOR_UTR, COMPANY_ADDRESS set/,
    );
  });
});
