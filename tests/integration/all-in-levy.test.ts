import { describe, expect, it } from "vitest";
import { addDays } from "../../common/domain/calendar-dates";
import { ZPropertySearchQuery } from "../../common/schemas/properties";
import { searchProperties } from "../../server/repositories/properties/listings.repository";
import { createProperty } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { mondayIn } from "../support/stay-dates";
import { setUpTestApp } from "../support/test-context";

/**
 * The first price a guest sees carries every mandatory levy as well as the service fee, through the real API: the
 * card (search, saved homes), the listing and the quote's first line give one figure. Every stay bookable today is
 * after Edinburgh's levy began (24 July 2026); the nights before it are searched through the repository, which the
 * API's "no past dates" rule does not reach.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });
const client = () => new HttpClient(server.baseUrl);

/** Three listings at £200 a night that only a search for `word` finds: in London, Edinburgh and Cardiff. */
async function threeNations(word: string) {
  const at = (title: string, fields: Parameters<typeof createProperty>[1]) =>
    createProperty(t.db, { title: `${title} ${word}`, pricePerNight: "200.00", ...fields });
  return {
    london: await at("London flat", {}),
    edinburgh: await at("Edinburgh flat", {
      city: "Edinburgh",
      region: "Edinburgh",
      nation: "Scotland",
      levyArea: "city_of_edinburgh",
      shortLetLicenceNumber: "EH-00002-F",
    }),
    welsh: await at("Cardiff flat", {
      city: "Cardiff",
      region: "Cardiff",
      nation: "Wales",
      welshRegistrationNumber: "WA-000777",
    }),
  };
}

type Card = { id: number; allInPricePerNight: string };
async function cards(query: string): Promise<Card[]> {
  const response = await client().get(`/api/properties?${query}`);
  expect(response.status).toBe(200);
  return response.body as unknown as Card[];
}

describe("All-in price: the same figure on the card, the listing and the first line of the quote", () => {
  it("for a London, an Edinburgh and a Welsh listing: fee for all, Edinburgh's 5% levy on top", async () => {
    const word = `allin${Date.now()}`;
    const listings = await threeNations(word);
    const guest = await signedInUser(t.db, server.baseUrl);
    const checkIn = mondayIn(6);
    const checkOut = addDays(checkIn, 3);
    const undated = await cards(`q=${word}`);
    const dated = await cards(`q=${word}&checkIn=${checkIn}&checkOut=${checkOut}`);

    // £200 + 10% fee = £220; in Edinburgh + 5% levy = £230.
    const expected = { london: "220.00", edinburgh: "230.00", welsh: "220.00" } as const;
    for (const [name, property] of Object.entries(listings) as [keyof typeof expected, { id: number }][]) {
      const figure = expected[name];
      expect(undated.find((c) => c.id === property.id)?.allInPricePerNight, `${name} card`).toBe(figure);
      expect(dated.find((c) => c.id === property.id)?.allInPricePerNight, `${name} dated card`).toBe(figure);
      const listing = await client().get(`/api/properties/${property.id}`);
      expect(listing.body.allInPricePerNight, `${name} listing`).toBe(figure);
      const quote = await client().get(`/api/properties/${property.id}/quote?checkIn=${checkIn}&checkOut=${checkOut}`);
      expect(quote.body.allInNightly, `${name} quote's first line`).toBe(Number(figure));
      expect((await guest.client.post(`/api/properties/${property.id}/save`)).status).toBeLessThan(300);
    }
    const saved = await guest.client.get("/api/properties/saved");
    const savedFigure = (id: number) =>
      (saved.body as unknown as { property: Card }[]).find((s) => s.property.id === id)?.property.allInPricePerNight;
    expect(savedFigure(listings.edinburgh.id)).toBe("230.00");
    expect(savedFigure(listings.london.id)).toBe("220.00");

    // The quote's total carries the levy as its own line: 3 nights £600, fee £60, levy £30.
    const quote = await client().get(
      `/api/properties/${listings.edinburgh.id}/quote?checkIn=${checkIn}&checkOut=${checkOut}`,
    );
    expect(quote.body).toMatchObject({ subtotal: 600, serviceFee: 60, visitorLevy: { amount: 30 }, total: 690 });
  });

  it("gives no single nightly figure for an Edinburgh stay longer than the levy's five nights", async () => {
    const { edinburgh, london } = await threeNations(`long${Date.now()}`);
    const checkIn = mondayIn(6);
    const week = `checkIn=${checkIn}&checkOut=${addDays(checkIn, 7)}`;
    const levied = await client().get(`/api/properties/${edinburgh.id}/quote?${week}`);
    expect(levied.body).toMatchObject({ allInNightly: null, total: 1400 + 140 + 50 });
    const plain = await client().get(`/api/properties/${london.id}/quote?${week}`);
    expect(plain.body.allInNightly).toBe(220);
  });

  it("sorts and filters by the levy-inclusive figure", async () => {
    const word = `sort${Date.now()}`;
    const { edinburgh, london, welsh } = await threeNations(word);
    // A London flat dearer by the night but cheaper all-in than Edinburgh's: £205 → £225.50 against £230.
    const dearer = await createProperty(t.db, { title: `Dearer flat ${word}`, pricePerNight: "205.00" });
    const ascending = (await cards(`q=${word}&sort=price_asc`)).map((c) => c.id);
    expect(ascending.indexOf(dearer.id)).toBeLessThan(ascending.indexOf(edinburgh.id));
    expect(ascending.at(-1)).toBe(edinburgh.id);
    expect((await cards(`q=${word}&sort=price_desc`))[0]?.id).toBe(edinburgh.id);

    // At most £226 all-in: £225.50 and £220 are in, Edinburgh's £230 is out although its nightly £200 is lower.
    const within = (await cards(`q=${word}&maxPrice=226`)).map((c) => c.id).sort();
    expect(within).toEqual([london.id, welsh.id, dearer.id].sort());
    expect((await cards(`q=${word}&maxPrice=230`)).map((c) => c.id)).toContain(edinburgh.id);
  });

  it("adds no levy to the figure, the sort or the filter for nights before 24 July 2026", async () => {
    const word = `before${Date.now()}`;
    const { edinburgh } = await threeNations(word);
    const dearer = await createProperty(t.db, { title: `Dearer flat ${word}`, pricePerNight: "205.00" });
    // Parsed without dates (the API refuses past ones), then given the stay's nights.
    const query = (extra: Record<string, string>, checkIn = "2026-07-20") => ({
      ...ZPropertySearchQuery.parse({ q: word, ...extra }),
      checkIn,
      checkOut: addDays(checkIn, 2),
    });
    const ascending = await searchProperties(t.db, query({ sort: "price_asc" }));
    expect(ascending.rows.map((r) => r.id).indexOf(edinburgh.id)).toBeLessThan(
      ascending.rows.map((r) => r.id).indexOf(dearer.id),
    );
    const within = await searchProperties(t.db, query({ maxPrice: "220" }));
    expect(within.rows.map((r) => r.id)).toContain(edinburgh.id);
    const after = await searchProperties(t.db, query({ maxPrice: "220" }, "2026-07-24"));
    expect(after.rows.map((r) => r.id)).not.toContain(edinburgh.id);
  });
});
