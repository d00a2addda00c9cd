import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { issueBookingDocument } from "../../server/repositories/money-documents.repository";
import { createBooking, createProperty, createUser } from "../factories";
import { requestStay } from "../support/book-stay";
import { download } from "../support/pdf-text";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp, type TestDatabaseView } from "../support/test-context";

/**
 * A guest's receipt and VAT invoice for a stay, through the real HTTP layer: the PDF's text read back matches the
 * ledger to the penny, the VAT split is exact, only the guest (and an admin) gets them, and the numbers have no gaps
 * however many are issued at once.
 */
const YEAR = londonToday().slice(0, 4);

const book = requestStay;

/** A confirmed two-night stay at £250.05 a night (odd pence), accepted by its landlord in demo mode. */
async function confirmedStay(t: TestDatabaseView, baseUrl: string, checkIn = addDays(londonToday(), 2)) {
  const owner = await signedInUser(t.db, baseUrl, { role: "landlord", isApproved: true });
  const guest = await signedInUser(t.db, baseUrl, { firstName: "Grace", lastName: "Hopper" });
  const property = await createProperty(t.db, {
    ownerId: owner.user.id,
    pricePerNight: "250.05",
    cancellationPolicy: "moderate",
  });
  const booking = await book(guest.client, property.id, checkIn, 2);
  expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
  return { owner, guest, booking, property };
}

async function numbersOf(t: TestDatabaseView, series: string): Promise<number[]> {
  const result = await t.db.execute<{ number: number }>(
    sql`select number from issued_documents where series = ${series} order by number`,
  );
  return result.rows.map((row) => row.number);
}

describe("with a VAT number", () => {
  const { t, server } = setUpTestApp({
    withoutChangeFeed: true,
    config: {
      VAT_NUMBER: "GB123456789",
      COMPANY_NAME: "StayLondon Ltd",
      COMPANY_ADDRESS: "1 Example Street, London EC1A 1AA",
    },
  });

  it("prints what the ledger recorded, to the penny, with a partial refund, and prints it again the same", async () => {
    const { guest, booking } = await confirmedStay(t, server.baseUrl);
    // Two days ahead under the moderate policy: half the nights back (£250.05), the £50 fee kept.
    expect((await guest.client.post(`/api/bookings/${booking.id}/cancel`)).body.refund).toBe("250.05");

    const receipt = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(receipt.status, receipt.text).toBe(200);
    expect(receipt.type).toBe("application/pdf");
    expect(receipt.disposition).toMatch(/^attachment; filename="staylondon-receipt-R\d{4}-\d{6}\.pdf"$/);
    const text = receipt.text;
    expect(text).toContain("Receipt");
    expect(text).toMatch(new RegExp(`R${YEAR}-\\d{6}`));
    expect(text).toContain("2 nights £500.10");
    expect(text).toContain("Service fee £50.00");
    expect(text).toContain("Total charged £550.10");
    expect(text).toContain("Payment received £550.10");
    expect(text).toContain("Refund to you -£250.05");
    expect(text).toContain("Paid less refunds £300.05");
    expect(text).toContain("Grace Hopper");
    expect(text).toContain("Demo booking: no card was charged");
    expect(text).toContain("VAT registration number GB123456789");

    const again = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(again.text).toBe(text);
  });

  it("splits the service fee into net and VAT exactly, naming the supplier, its VAT number and the customer", async () => {
    const { guest, booking } = await confirmedStay(t, server.baseUrl, addDays(londonToday(), 30));
    const invoice = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/vat-invoice.pdf`);
    expect(invoice.status, invoice.text).toBe(200);
    // £50.00 gross: net round(5000 / 1.2) = 4167 pence, VAT the rest.
    expect(invoice.text).toContain("Service fee £41.67 £8.33 £50.00");
    expect(invoice.text).toContain("VAT registration number GB123456789");
    expect(invoice.text).toContain("1 Example Street, London EC1A 1AA");
    expect(invoice.text).toContain("StayLondon Ltd");
    expect(invoice.text).toContain("Grace Hopper");
    expect(invoice.text).toContain(`Date of supply`);
    expect(invoice.text).toMatch(new RegExp(`V${YEAR}-000001`));
    expect(invoice.text).not.toContain("2 nights");
  });

  it("gives them to the guest and an admin only", async () => {
    const { owner, guest, booking } = await confirmedStay(t, server.baseUrl, addDays(londonToday(), 60));
    const otherGuest = await signedInUser(t.db, server.baseUrl);
    const stranger = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    for (const path of [`/api/bookings/${booking.id}/receipt.pdf`, `/api/bookings/${booking.id}/vat-invoice.pdf`]) {
      for (const someone of [otherGuest, owner, stranger]) {
        const refused = await download(server.baseUrl, someone.client, path);
        expect(refused.status, `${someone.user.role} ${path}`).toBe(404);
        expect(JSON.parse(refused.text).message).toBe("Booking not found");
      }
      expect((await download(server.baseUrl, null, path)).status).toBe(401);
      expect((await download(server.baseUrl, admin.client, path)).status).toBe(200);
      expect((await download(server.baseUrl, guest.client, path)).status).toBe(200);
    }
    const list = await guest.client.get("/api/bookings/documents");
    expect(list.body).toEqual({ vatRegistered: true, receiptBookingIds: [booking.id], creditNoteBookingIds: [] });
  });

  it("credits a refund made after the receipt and VAT invoice were issued, with the fee's VAT, to the guest only", async () => {
    const { owner, guest, booking } = await confirmedStay(t, server.baseUrl, addDays(londonToday(), 40));
    const receipt = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    const invoice = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/vat-invoice.pdf`);
    const receiptNumber = /R\d{4}-\d{6}/.exec(receipt.disposition ?? "")?.[0];
    const invoiceNumber = /V\d{4}-\d{6}/.exec(invoice.disposition ?? "")?.[0];
    expect(receiptNumber, receipt.disposition ?? "no receipt file name").toMatch(new RegExp(`^R${YEAR}-\\d{6}$`));
    expect(invoiceNumber, invoice.disposition ?? "no invoice file name").toMatch(new RegExp(`^V${YEAR}-\\d{6}$`));
    const path = `/api/bookings/${booking.id}/credit-note.pdf`;
    // Nothing refunded yet: nothing to credit, and no number taken.
    const early = await download(server.baseUrl, guest.client, path);
    expect(early.status).toBe(409);
    expect(JSON.parse(early.text).message).toBe("A credit note is issued once a stay with a receipt is refunded.");
    expect(await numbersOf(t, `C${YEAR}`)).toEqual([]);

    // Forty days ahead under the moderate policy: everything back, the £50 fee too.
    expect((await guest.client.post(`/api/bookings/${booking.id}/cancel`)).body.refund).toBe("550.10");
    expect((await guest.client.get("/api/bookings/documents")).body.creditNoteBookingIds).toEqual([booking.id]);
    const note = await download(server.baseUrl, guest.client, path);
    expect(note.status, note.text).toBe(200);
    expect(note.type).toBe("application/pdf");
    expect(note.disposition).toMatch(
      new RegExp(`^attachment; filename="staylondon-credit-note-C${YEAR}-000001\\.pdf"$`),
    );
    expect(note.text).toContain("Credit note");
    expect(note.text).toContain(`C${YEAR}-000001`);
    expect(note.flat).toContain(`Receipt ${receiptNumber}, VAT invoice ${invoiceNumber}`);
    expect(note.text).toContain("Nights (the landlord's supply, no VAT) £500.10");
    // £50.00 gross: net round(5000 / 1.2) = 4167 pence, VAT the rest, as on the VAT invoice it credits.
    expect(note.text).toContain("Service fee £41.67 £8.33 £50.00");
    expect(note.text).toContain("VAT credited at 20% £8.33");
    expect(note.text).toContain("Total credited £550.10");
    expect(note.text).toContain("Grace Hopper");
    expect(note.text).toContain("VAT registration number GB123456789");
    expect(note.text).toContain("Demo booking: no card was charged");
    // The receipt keeps what it printed; the credit note is what tells of the refund.
    const receiptAgain = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(receiptAgain.text).toBe(receipt.text);
    expect(receiptAgain.text).not.toContain("Refund to you");
    expect((await download(server.baseUrl, guest.client, path)).text).toBe(note.text);

    const otherGuest = await signedInUser(t.db, server.baseUrl);
    const stranger = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const admin = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    for (const someone of [otherGuest, owner, stranger]) {
      const refused = await download(server.baseUrl, someone.client, path);
      expect(refused.status, someone.user.role).toBe(404);
      expect(JSON.parse(refused.text).message).toBe("Booking not found");
      expect((await someone.client.get("/api/bookings/documents")).body.creditNoteBookingIds ?? []).toEqual([]);
    }
    expect((await download(server.baseUrl, null, path)).status).toBe(401);
    expect((await download(server.baseUrl, admin.client, path)).text).toBe(note.text);
    expect(await numbersOf(t, `C${YEAR}`)).toEqual([1]);
  });

  it("has no credit note when the receipt was first issued after the refund, which it already shows", async () => {
    const { guest, booking } = await confirmedStay(t, server.baseUrl, addDays(londonToday(), 70));
    expect((await guest.client.post(`/api/bookings/${booking.id}/cancel`)).status).toBe(200);
    const receipt = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(receipt.text).toContain("Refund to you -£550.10");
    const before = await numbersOf(t, `C${YEAR}`);
    const refused = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/credit-note.pdf`);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).message).toBe(
      "This stay's receipt already shows its refund, so it has no credit note.",
    );
    expect(await numbersOf(t, `C${YEAR}`)).toEqual(before);
    expect((await guest.client.get("/api/bookings/documents")).body.creditNoteBookingIds).toEqual([]);
  });

  it("has no receipt for a request not yet confirmed, and takes no number for it", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const guest = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { ownerId: owner.user.id });
    const booking = await book(guest.client, property.id, addDays(londonToday(), 90), 2);
    const before = await numbersOf(t, `R${YEAR}`);
    const refused = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).message).toBe("A receipt is available once the stay is confirmed.");
    expect(await numbersOf(t, `R${YEAR}`)).toEqual(before);
  });
});

describe("without a VAT number", () => {
  const { t, server } = setUpTestApp({ withoutChangeFeed: true });

  it("numbers 20 receipts issued at once 1 to 20, and two first issues of one receipt give one document", async () => {
    const owner = await createUser(t.db, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.id });
    const guest = await signedInUser(t.db, server.baseUrl);
    const start = addDays(londonToday(), 10);
    const bookings = [];
    for (let i = 0; i < 21; i += 1) {
      bookings.push(
        await createBooking(t.db, {
          propertyId: property.id,
          guestId: guest.user.id,
          checkIn: addDays(start, i * 2),
          checkOut: addDays(start, i * 2 + 1),
          status: "confirmed",
          totalPrice: "110.01",
          serviceFee: "10.00",
        }),
      );
    }
    const twenty = bookings.slice(0, 20);
    const answers = await Promise.all(
      twenty.map((b) => download(server.baseUrl, guest.client, `/api/bookings/${b.id}/receipt.pdf`)),
    );
    expect(answers.map((a) => a.status)).toEqual(twenty.map(() => 200));
    expect(await numbersOf(t, `R${YEAR}`)).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));

    const last = bookings[20];
    if (!last) throw new Error("no 21st booking");
    const [first, second] = await Promise.all(
      [0, 1].map(() => download(server.baseUrl, guest.client, `/api/bookings/${last.id}/receipt.pdf`)),
    );
    expect(first?.status).toBe(200);
    expect(second?.text).toBe(first?.text);
    expect(first?.text).toContain(`R${YEAR}-000021`);
    expect(await numbersOf(t, `R${YEAR}`)).toEqual(Array.from({ length: 21 }, (_, i) => i + 1));
    expect(first?.text).toContain("StayLondon is not registered for VAT");
    expect(first?.text).toContain("1 night £100.01");

    // A receipt already issued is returned as it is, whoever asks again. The 20 above raced for their numbers, so the
    // first booking's number is whichever it drew.
    const firstNumber = Number(/R\d{4}-(\d{6})/.exec(answers[0]?.text ?? "")?.[1]);
    expect(firstNumber).toBeGreaterThanOrEqual(1);
    await expect(
      issueBookingDocument(t.db, {
        kind: "receipt",
        series: `R${YEAR}`,
        bookingId: bookings[0]?.id ?? 0,
        partyId: 2_000_000_000,
        figures: {},
      }),
    ).resolves.toMatchObject({ number: firstNumber });
    // An issue that fails after taking its number (here, for a person who does not exist) gives the number back.
    const another = await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn: addDays(start, 60),
      checkOut: addDays(start, 61),
      status: "confirmed",
    });
    await expect(
      issueBookingDocument(t.db, {
        kind: "receipt",
        series: `R${YEAR}`,
        bookingId: another.id,
        partyId: 2_000_000_000,
        figures: {},
      }),
    ).rejects.toThrow();
    const next = await download(server.baseUrl, guest.client, `/api/bookings/${another.id}/receipt.pdf`);
    expect(next.text).toContain(`R${YEAR}-000022`);
    expect(await numbersOf(t, `R${YEAR}`)).toEqual(Array.from({ length: 22 }, (_, i) => i + 1));
  });

  it("credits a partial refund against the receipt alone, with no VAT on it", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const guest = await signedInUser(t.db, server.baseUrl, { firstName: "Alan", lastName: "Turing" });
    const property = await createProperty(t.db, {
      ownerId: owner.user.id,
      pricePerNight: "250.05",
      cancellationPolicy: "moderate",
    });
    const booking = await book(guest.client, property.id, addDays(londonToday(), 2), 2);
    expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
    const receipt = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
    const receiptNumber = /R\d{4}-\d{6}/.exec(receipt.disposition ?? "")?.[0];
    // Two days ahead under the moderate policy: half the nights back (£250.05), the £50 fee kept.
    expect((await guest.client.post(`/api/bookings/${booking.id}/cancel`)).body.refund).toBe("250.05");
    const note = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/credit-note.pdf`);
    expect(note.status, note.text).toBe(200);
    expect(note.flat).toContain(`Credits Receipt ${receiptNumber}`);
    expect(note.text).not.toContain("VAT invoice");
    expect(note.text).toContain("Nights £250.05");
    expect(note.text).toContain("Service fee £0.00");
    expect(note.text).toContain("Total credited £250.05");
    expect(note.text).not.toContain("VAT credited");
    expect(note.text).toContain("StayLondon is not registered for VAT");
    expect(note.text).toContain("Alan Turing");
    expect((await guest.client.get("/api/bookings/documents")).body.creditNoteBookingIds).toEqual([booking.id]);
  });

  it("answers 409 for a VAT invoice, says why, and takes no number", async () => {
    const owner = await createUser(t.db, { role: "landlord", isApproved: true });
    const property = await createProperty(t.db, { ownerId: owner.id });
    const guest = await signedInUser(t.db, server.baseUrl);
    const booking = await createBooking(t.db, {
      propertyId: property.id,
      guestId: guest.user.id,
      checkIn: addDays(londonToday(), 200),
      checkOut: addDays(londonToday(), 202),
      status: "confirmed",
    });
    const refused = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/vat-invoice.pdf`);
    expect(refused.status).toBe(409);
    expect(JSON.parse(refused.text).message).toMatch(/StayLondon is not registered for VAT/);
    expect(await numbersOf(t, `V${YEAR}`)).toEqual([]);
    const series = await t.db.execute(sql`select series from document_series where series like 'V%'`);
    expect(series.rows).toEqual([]);
    expect((await guest.client.get("/api/bookings/documents")).body).toMatchObject({ vatRegistered: false });
  });

  it("prints Edinburgh's visitor levy as its own line on an Edinburgh stay's receipt, and none on a London stay's", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const guest = await signedInUser(t.db, server.baseUrl);
    const edinburgh = await createProperty(t.db, {
      ownerId: owner.user.id,
      nation: "Scotland",
      levyArea: "city_of_edinburgh",
      shortLetLicenceNumber: "EH-00001-F",
      pricePerNight: "200.00",
    });
    const london = await createProperty(t.db, { ownerId: owner.user.id, pricePerNight: "200.00" });
    const receiptOf = async (propertyId: number) => {
      const booking = await book(guest.client, propertyId, mondayIn(8), 7);
      expect((await owner.client.post(`/api/bookings/${booking.id}/accept`)).status).toBe(200);
      const receipt = await download(server.baseUrl, guest.client, `/api/bookings/${booking.id}/receipt.pdf`);
      expect(receipt.status, receipt.text).toBe(200);
      return receipt.flat;
    };

    // Seven nights at £200: the levy is 5% of the first five nights' £1,000, collected for the host.
    const levied = await receiptOf(edinburgh.id);
    expect(levied).toContain("7 nights £1,400.00");
    expect(levied).toContain("Service fee £140.00");
    expect(levied).toContain("Edinburgh visitor levy (collected for the host) £50.00");
    expect(levied).toContain("Total charged £1,590.00");

    const plain = await receiptOf(london.id);
    expect(plain).toContain("7 nights £1,400.00");
    expect(plain).toContain("Total charged £1,540.00");
    expect(plain).not.toContain("levy");
  });
});
