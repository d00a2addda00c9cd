import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { NO_PETS_HERE, NOT_FOR_CHILDREN_HERE } from "../../common/domain/party-rules";
import { bookings } from "../../server/db/schema";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const client = () => new HttpClient(server.baseUrl);

/** Listings made for one test share a word in their title, so a search sees only them. */
let tag = 0;
async function listings(
  word: string,
  kinds: Record<string, { maxGuests?: number; petsAllowed?: boolean; suitsChildren?: boolean }>,
) {
  const made: Record<string, number> = {};
  for (const [name, fields] of Object.entries(kinds)) {
    made[name] = (await createProperty(t.db, { title: `${word} ${name} ${++tag}`, ...fields })).id;
  }
  return made;
}
async function searchIds(word: string, params: string): Promise<number[]> {
  const response = await client().get(`/api/properties?q=${word}&${params}`);
  expect(response.status).toBe(200);
  return (response.body as unknown as { id: number }[]).map((p) => p.id).sort();
}

const quote = (id: number, params: string) => {
  const start = mondayIn(9);
  return client().get(`/api/properties/${id}/quote?checkIn=${start}&checkOut=${addDays(start, 3)}&${params}`);
};

const guestInfo = { firstName: "Dora", lastName: "Dogowner", email: "dora@example.com" };
const stored = (propertyId: number) => t.db.select().from(bookings).where(eq(bookings.propertyId, propertyId));

describe("search with who comes", () => {
  it("never shows a dog owner a listing that refuses pets", async () => {
    const ids = await listings("Kennelword", { pets: { petsAllowed: true }, noPets: { petsAllowed: false } });
    expect(await searchIds("Kennelword", "pets=1")).toEqual([ids.pets]);
    expect(await searchIds("Kennelword", "adults=2&pets=2")).toEqual([ids.pets]);
    // Without pets both are found.
    expect(await searchIds("Kennelword", "adults=2")).toEqual([ids.pets, ids.noPets].sort());
  });

  it("counts adults and children against capacity, not infants, and skips homes unsuitable for children", async () => {
    const ids = await listings("Cotword", {
      forTwo: { maxGuests: 2 },
      forFour: { maxGuests: 4 },
      noChildren: { maxGuests: 4, suitsChildren: false },
    });
    expect(await searchIds("Cotword", "adults=2")).toEqual([ids.forTwo, ids.forFour, ids.noChildren].sort());
    expect(await searchIds("Cotword", "adults=2&infants=1")).toEqual([ids.forTwo, ids.forFour].sort());
    expect(await searchIds("Cotword", "adults=2&children=1")).toEqual([ids.forFour]);
    // An old link's guests means adults.
    expect(await searchIds("Cotword", "guests=3")).toEqual([ids.forFour, ids.noChildren].sort());
  });

  it.each([
    ["pets=-1", /pets must be 0 or more/],
    ["children=1.5", /children must be a whole number/],
    ["infants=6", /infants must be at most 5/],
    ["adults=0", /At least 1 adult/],
    ["adults=99&children=99", /at most 100/],
    ["guests=3&adults=1", /guests must equal adults plus children/],
  ])("refuses %s with a message", async (params, message) => {
    const response = await client().get(`/api/properties?${params}`);
    expect(response.status).toBe(400);
    expect(response.body.message).toMatch(message);
  });
});

describe("quotes with who comes", () => {
  it("refuses a dog owner a quote where pets are not allowed, and quotes where they are", async () => {
    const ids = await listings("Quotepets", { pets: { petsAllowed: true }, noPets: { petsAllowed: false } });
    const refused = await quote(ids.noPets as number, "adults=1&pets=1");
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(NO_PETS_HERE);
    expect((await quote(ids.pets as number, "adults=1&pets=1")).body).toMatchObject({ available: true });
  });

  it("does not count an infant toward capacity: a listing for 2 takes 2 adults and an infant, not 2 adults and a child", async () => {
    const { forTwo } = await listings("Quotecot", { forTwo: { maxGuests: 2 } });
    expect((await quote(forTwo as number, "adults=2&infants=1")).body).toMatchObject({ available: true, reasons: [] });
    expect((await quote(forTwo as number, "adults=2&children=1")).body).toMatchObject({
      available: false,
      reasons: ["This property sleeps at most 2 guests."],
    });
  });

  it("refuses children on a listing marked unsuitable for them", async () => {
    const { noChildren } = await listings("Quotekids", { noChildren: { suitsChildren: false, maxGuests: 4 } });
    const response = await quote(noChildren as number, "adults=2&infants=1");
    expect(response).toMatchObject({ status: 422, body: { message: NOT_FOR_CHILDREN_HERE } });
    expect((await quote(noChildren as number, "adults=2")).status).toBe(200);
  });
});

describe("booking with who comes", () => {
  it("stores the party, counts adults and children as its guests, and shows it to the landlord", async () => {
    const owner = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { ownerId: owner.user.id, maxGuests: 3, petsAllowed: true });
    const start = mondayIn(14);
    const body = { propertyId: property.id, checkIn: start, checkOut: addDays(start, 2), guestInfo };
    const made = await guest.post("/api/bookings", { ...body, adults: 2, children: 1, infants: 1, pets: 1 });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ guestCount: 3, adults: 2, children: 1, infants: 1, pets: 1 });
    const list = (await owner.client.get("/api/bookings/landlord-bookings")).body as unknown as object[];
    expect(list).toEqual([expect.objectContaining({ guests: 3, adults: 2, children: 1, infants: 1, pets: 1 })]);
  });

  it("takes an old client's guestCount as adults", async () => {
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 4 });
    const start = mondayIn(15);
    const made = await guest.post("/api/bookings", {
      propertyId: property.id,
      checkIn: start,
      checkOut: addDays(start, 2),
      guestCount: 3,
      guestInfo,
    });
    expect(made.body).toMatchObject({ guestCount: 3, adults: 3, children: 0, infants: 0, pets: 0 });
  });

  it.each([
    ["pets on a listing without them", { adults: 1, pets: 1 }, 422, NO_PETS_HERE],
    ["more adults and children than it sleeps", { adults: 2, children: 1 }, 400, "sleeps at most 2 guests"],
    ["negative children", { adults: 1, children: -1 }, 400, "children must be 0 or more"],
    ["fractional adults", { adults: 1.5 }, 400, "adults must be a whole number"],
    ["an absurd number of infants", { adults: 1, infants: 1000 }, 400, "infants must be at most 5"],
    ["pets as text", { adults: 1, pets: "one" }, 400, "pets must be a number"],
    ["no count at all, zero adults", { adults: 0 }, 400, "At least 1 adult"],
  ])("refuses %s and stores nothing", async (_label, party, status, message) => {
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    const property = await createProperty(t.db, { maxGuests: 2, petsAllowed: false });
    const start = mondayIn(16);
    const response = await guest.post("/api/bookings", {
      propertyId: property.id,
      checkIn: start,
      checkOut: addDays(start, 2),
      guestInfo,
      ...party,
    });
    expect(response.status).toBe(status);
    expect(response.body.message).toContain(message);
    expect(await stored(property.id)).toEqual([]);
  });
});
