import { randomBytes } from "node:crypto";
import { readdir } from "node:fs/promises";
import path from "node:path";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { PERIODIC_MIN_TENANCY_MONTHS } from "../../common/domain/periodic-tenancy";
import { PROPERTY_FEATURES } from "../../common/domain/property-options";
import { ZManagedPhotos, ZManagedProperty } from "../../common/schemas/landlord-properties";
import { PROPERTY_FORM_DEFAULTS, type PropertyFormValues, propertyPayload } from "../../common/schemas/property-form";
import { properties, propertyAmenities, propertyPhotos, users } from "../../server/db/schema";
import { createProperty, propertyForm } from "../factories";
import { HttpClient } from "../support/http-client";
import { makeImage } from "../support/images";
import { propertyFormData } from "../support/property-form";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

const { t, server, dataDir } = setUpTestApp({ tempDataDir: "staylondon-landlord-", withoutChangeFeed: true });

type Client = HttpClient;

/**
 * An approved landlord with e-mail and phone verified, unless `fields` say otherwise (set after signing
 * in, since sign-in itself refuses unapproved and unverified landlords).
 */
async function landlord(fields: Partial<typeof users.$inferInsert> = {}) {
  const { client, user } = await signedInUser(t.db, server.baseUrl, { role: "landlord", isApproved: true });
  if (Object.keys(fields).length > 0) await t.db.update(users).set(fields).where(eq(users.id, user.id));
  return { c: client, user };
}

/** A valid form, as the dialog sends it. */
const valid = propertyForm;

/**
 * What a listing stores for each optional fact the form leaves out. These homes are in England and the clock is past
 * 1 May 2026, so a tenancy there is periodic: its minimum term is its first month.
 */
const OPTIONAL_FACTS_UNSET = {
  squareFeet: null,
  depositAmount: null,
  minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS,
  availableFrom: null,
  epcRating: null,
  councilTaxBand: null,
  termsAndConditions: null,
  features: [],
  tenantPreferences: {},
};

/** The required fields only: what PUT needs to clear every optional one. */
const requiredOnly = () => {
  const { amenities: _amenities, ...rest } = valid();
  return rest;
};

const put = (c: Client, url: string, body?: unknown) => c.request("PUT", url, body);
const del = (c: Client, url: string) => c.request("DELETE", url);

/** A multipart POST: `property` as JSON text (or raw text), files in `photos`. */
const postForm = (c: Client, url: string, form: Parameters<typeof propertyFormData>[0]) =>
  c.request("POST", url, propertyFormData(form));

const countOwned = async (ownerId: number) =>
  (await t.db.select({ n: sql<number>`count(*)::int` }).from(properties).where(eq(properties.ownerId, ownerId)))[0]?.n;

/** Every file under DATA_DIR/photos, staging included. */
async function storedFiles(): Promise<string[]> {
  const root = path.join(dataDir, "photos");
  try {
    const entries = await readdir(root, { recursive: true, withFileTypes: true });
    return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)));
  } catch {
    return [];
  }
}

/** One landlord for the many refusals: each test checks that their listing count did not move. */
let sharedLandlord: ReturnType<typeof landlord> | undefined;
const refusedLandlord = () => {
  sharedLandlord ??= landlord();
  return sharedLandlord;
};

async function created(c: Client, body: Record<string, unknown> = valid()) {
  const response = await c.post("/api/properties", body);
  expect(response.status, JSON.stringify(response.body)).toBe(201);
  return ZManagedProperty.parse(response.body);
}

/** Spec 2 §5's validation table: one bad field each, and its message word for word. */
const TABLE: [field: string, value: unknown, message: string][] = [
  ["title", "Flat", "Title must be at least 5 characters"],
  ["description", "Too short text", "Description must be at least 20 characters"],
  ["address", "1 Road", "Address must be at least 10 characters"],
  ["city", "X", "City is required"],
  ["pricePerNight", 0, "Price must be positive"],
  ["pricePerMonth", 0, "Monthly price must be positive"],
  ["bedrooms", -1, "Bedrooms must be 0 or more"],
  ["bathrooms", 0, "At least 1 bathroom required"],
  ["maxGuests", 0, "At least 1 guest capacity required"],
  ["propertyType", undefined, "Property type is required"],
  ["furnishingStatus", undefined, "Furnishing status is required"],
];

describe("POST /api/properties: the validation table (spec 2 §5)", () => {
  it.each(TABLE)("%s = %j answers 400 %j as JSON, and stores nothing", async (field, value, message) => {
    const { c, user } = await refusedLandlord();
    const response = await c.post("/api/properties", valid({ [field]: value }));
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await countOwned(user.id)).toBe(0);
  });

  it.each(TABLE)("%s = %j answers 400 %j through multipart, and stores nothing", async (field, value, message) => {
    const { c, user } = await refusedLandlord();
    const photo = await makeImage("jpeg", { width: 640, height: 480 });
    const response = await postForm(c, "/api/properties", {
      property: valid({ [field]: value }),
      files: [{ name: "living-room.jpg", bytes: photo }],
    });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
    expect(await countOwned(user.id)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });

  it("a missing or blank text field has the table's message too", async () => {
    const { c } = await landlord();
    const { title: _title, ...withoutTitle } = valid();
    expect((await c.post("/api/properties", withoutTitle)).body.message).toBe("Title must be at least 5 characters");
    expect((await c.post("/api/properties", valid({ address: "          " }))).body.message).toBe(
      "Address must be at least 10 characters",
    );
    expect((await c.post("/api/properties", valid({ pricePerNight: undefined }))).body.message).toBe(
      "Price must be positive",
    );
  });

  it("refuses a multipart create with bad JSON or no property field, and stores nothing", async () => {
    const { c, user } = await landlord();
    const photo = await makeImage("jpeg", { width: 640, height: 480 });
    const badJson = await postForm(c, "/api/properties", {
      property: '{"title": "Bright flat",',
      files: [{ name: "a.jpg", bytes: photo }],
    });
    expect(badJson.status).toBe(400);
    expect(badJson.body.message).toBe("The form field 'property' is not valid JSON");
    const missing = await postForm(c, "/api/properties", { files: [{ name: "a.jpg", bytes: photo }] });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toMatch(/property/);
    expect(await countOwned(user.id)).toBe(0);
    expect(await storedFiles()).toEqual([]);
  });
});

describe("POST /api/properties: what is stored", () => {
  it("stores the dialog's defaults and its 'before sending' results", async () => {
    const { c, user } = await landlord();
    // The dialog's state with its defaults and untouched optional fields, put through its own payload rule.
    const form = {
      ...PROPERTY_FORM_DEFAULTS,
      title: "Compact studio by the canal",
      description: "Everything you need for a short stay, two minutes from the towpath.",
      address: "4 Wharf Road, London N1 7RW",
      city: "Islington",
      pricePerNight: 95,
      pricePerMonth: 2100,
      squareFeet: 0,
      depositAmount: undefined,
      minTenancyMonths: undefined,
      availableFrom: "",
      epcRating: "",
      councilTaxBand: "",
      termsAndConditions: "   ",
      features: [],
      tenantPreferences: {},
      amenities: [],
    } as unknown as PropertyFormValues;
    const property = await created(c, propertyPayload(form) as unknown as Record<string, unknown>);
    expect(property).toMatchObject({
      ownerId: user.id,
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      propertyType: "flat",
      furnishingStatus: "unfurnished",
      ...OPTIONAL_FACTS_UNSET,
      amenities: [],
      photos: [],
      cancellationPolicy: "moderate",
      isActive: true,
      underMaintenance: false,
      status: "active",
      rating: "0.00",
      reviewCount: 0,
    });
  });

  it("takes an availability date from 1 January 2000 to 5 years ahead, and a deposit to the penny", async () => {
    const { c } = await landlord();
    const earliest = await created(c, valid({ availableFrom: "2000-01-01", depositAmount: 1500.05 }));
    expect(earliest).toMatchObject({ availableFrom: "2000-01-01", depositAmount: "1500.05" });
    const soon = addDays(londonToday(), 365);
    expect(await created(c, valid({ availableFrom: soon }))).toMatchObject({ availableFrom: soon });
  });

  it("treats 0 from the API as the dialog does: no square feet or deposit, the first month as the minimum", async () => {
    const { c } = await landlord();
    const property = await created(c, valid({ squareFeet: 0, depositAmount: 0, minTenancyMonths: 0 }));
    expect(property).toMatchObject({
      squareFeet: null,
      depositAmount: null,
      minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS,
    });
  });

  it("stores every field of a full form, and GET …/manage answers the same", async () => {
    const { c, user } = await landlord();
    const property = await created(
      c,
      valid({
        title: "Sunny studio near Primrose Hill",
        pricePerNight: 245.5,
        pricePerMonth: 5400.25,
        bedrooms: 0,
        propertyType: "studio",
        furnishingStatus: "part_furnished",
        squareFeet: 750,
        depositAmount: 1500.5,
        minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS,
        availableFrom: "2026-09-01",
        epcRating: "B",
        councilTaxBand: "D",
        termsAndConditions: "No parties. Quiet hours after 10pm.",
        features: ["garden", "lift", "air_conditioning"],
        tenantPreferences: { petsAllowed: true, smokingAllowed: false, studentsAccepted: true },
        amenities: ["Wi-Fi", "Washing machine"],
        images: ["https://images.example.com/a.jpg", "https://images.example.com/b.jpg"],
      }),
    );
    expect(property).toMatchObject({
      ownerId: user.id,
      slug: "sunny-studio-near-primrose-hill",
      title: "Sunny studio near Primrose Hill",
      city: "Camden",
      region: "London",
      latitude: 51.539,
      longitude: -0.1426,
      pricePerNight: "245.50",
      pricePerMonth: "5400.25",
      bedrooms: 0,
      propertyType: "studio",
      furnishingStatus: "part_furnished",
      squareFeet: 750,
      depositAmount: "1500.50",
      minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS,
      availableFrom: "2026-09-01",
      epcRating: "B",
      councilTaxBand: "D",
      termsAndConditions: "No parties. Quiet hours after 10pm.",
      features: ["garden", "lift", "air_conditioning"],
      tenantPreferences: { petsAllowed: true, smokingAllowed: false, studentsAccepted: true },
      amenities: ["Wi-Fi", "Washing machine"],
    });
    expect(property.photos.map((p) => [p.url, p.isMain, p.displayOrder, p.srcSet])).toEqual([
      ["https://images.example.com/a.jpg", true, 0, null],
      ["https://images.example.com/b.jpg", false, 1, null],
    ]);
    const amenityRows = await t.db
      .select()
      .from(propertyAmenities)
      .where(eq(propertyAmenities.propertyId, property.id));
    expect(amenityRows.map((a) => a.category)).toEqual(["Essentials", "Kitchen"]);

    const manage = await c.get(`/api/properties/${property.id}/manage`);
    expect(manage.status).toBe(200);
    expect(manage.body).toEqual(property);
    // By slug too.
    expect((await c.get(`/api/properties/${property.slug}/manage`)).body).toEqual(property);
  });

  it("places a borough typed in any case under London with its coordinates, by its own name", async () => {
    const { c } = await landlord();
    const property = await created(c, valid({ city: "kensington AND chelsea" }));
    expect(property).toMatchObject({
      city: "Kensington and Chelsea",
      region: "London",
      latitude: 51.4991,
      longitude: -0.1938,
    });
  });

  it("places a town outside London in its own region, and an unknown town without coordinates", async () => {
    const { c } = await landlord();
    expect(await created(c, valid({ city: "Bath" }))).toMatchObject({
      city: "Bath",
      region: "Bath",
      latitude: 51.3751,
      longitude: -2.3617,
    });
    expect(await created(c, valid({ city: "Nowhere Parva" }))).toMatchObject({
      city: "Nowhere Parva",
      region: "Nowhere Parva",
      latitude: null,
      longitude: null,
    });
  });

  it("gives each listing its own slug, also when many with one title are created at once", async () => {
    const { c } = await landlord();
    const title = `Riverside loft ${randomBytes(3).toString("hex")}`;
    const first = await created(c, valid({ title }));
    const answers = await Promise.all(Array.from({ length: 6 }, () => c.post("/api/properties", valid({ title }))));
    expect(answers.map((a) => a.status)).toEqual(Array(6).fill(201));
    const slugs = [first.slug, ...answers.map((a) => String(a.body.slug))];
    expect(new Set(slugs).size).toBe(7);
    expect(slugs).toContain(`${first.slug}-2`);
    for (const slug of slugs) expect(slug).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it("never takes a slug that reads as an id or a fixed path", async () => {
    const { c } = await landlord();
    expect((await created(c, valid({ title: "221 42" }))).slug).toBe("221-42");
    expect((await created(c, valid({ title: "12345" }))).slug).toBe("property-12345");
    expect((await created(c, valid({ title: "My Properties" }))).slug).toBe("my-properties-2");
    expect((await created(c, valid({ title: "¡¡¡ ??? !!!" }))).slug).toMatch(/^property(-\d+)?$/);
    const long = await created(c, valid({ title: "Very ".repeat(24) }));
    expect(long.slug.length).toBeLessThanOrEqual(120);
  });

  it("stores scripts in text fields as plain text, exactly as typed", async () => {
    const { c } = await landlord();
    const title = "<script>alert('x')</script> Flat";
    const description = `<img src=x onerror="alert(1)"> A lovely flat with "quotes" & ampersands.`;
    const property = await created(c, valid({ title, description }));
    expect(property.title).toBe(title);
    expect(property.description).toBe(description);
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.title).toBe(title);
    const detail = await c.get(`/api/properties/${property.id}`);
    expect(detail.body.title).toBe(title);
  });
});

describe("POST /api/properties: bad input is a 400 with a message, and nothing is stored", () => {
  const cases: [string, Record<string, unknown>, string | RegExp][] = [
    ["a negative nightly price", { pricePerNight: -50 }, "Price must be positive"],
    ["an absurd nightly price", { pricePerNight: 1e9 }, "Price must be at most £100,000 a night"],
    ["an absurd monthly price", { pricePerMonth: 5_000_000 }, "Monthly price must be at most £1,000,000"],
    ["a price with fractions of pence", { pricePerNight: 10.555 }, "Use at most 2 decimal places"],
    ["a monthly price with fractions of pence", { pricePerMonth: 2000.004 }, "Use at most 2 decimal places"],
    ["a price as text", { pricePerNight: "100" }, "Price must be positive"],
    ["0 bathrooms", { bathrooms: 0 }, "At least 1 bathroom required"],
    ["half a bedroom", { bedrooms: 1.5 }, "Bedrooms must be 0 or more"],
    ["51 bedrooms", { bedrooms: 51 }, "Bedrooms must be at most 50"],
    ["an unknown property type", { propertyType: "castle" }, "Property type is required"],
    ["an unknown furnishing status", { furnishingStatus: "haunted" }, "Furnishing status is required"],
    ["an unknown feature", { features: ["moat"] }, `Features must be among ${PROPERTY_FEATURES.join(", ")}`],
    ["a feature twice", { features: ["garden", "garden"] }, "Each feature may be listed once"],
    ["an unknown EPC rating", { epcRating: "Z" }, "EPC rating must be one of A, B, C, D, E, F, G"],
    ["a date that is not one", { availableFrom: "2026-02-30" }, "Available from must be a date written YYYY-MM-DD"],
    ["a negative deposit", { depositAmount: -1 }, "Deposit must be 0 or more"],
    // numeric(10,2) would store 0.001 as 0.00: refused, as for the prices.
    ["a deposit with fractions of pence", { depositAmount: 0.001 }, "Use at most 2 decimal places"],
    ["a deposit of 1500.505", { depositAmount: 1500.505 }, "Use at most 2 decimal places"],
    [
      "an availability date in the year 100",
      { availableFrom: "0100-01-01" },
      "Available from must be 1 January 2000 or later",
    ],
    [
      "an availability date before 2000",
      { availableFrom: "1999-12-31" },
      "Available from must be 1 January 2000 or later",
    ],
    ["an availability date in 9999", { availableFrom: "9999-12-31" }, "Available from must be within 5 years"],
    ["an unknown key", { ownerId: 1 }, /ownerId/],
    ["an unknown tenant preference", { tenantPreferences: { partiesAllowed: true } }, /partiesAllowed/],
    ["a photo address that is not a web address", { images: ["javascript:alert(1)"] }, /https:\/\//],
    ["a title of 121 characters", { title: "x".repeat(121) }, "Title must be at most 120 characters"],
  ];
  it.each(cases)("%s", async (_name, overrides, message) => {
    const { c, user } = await refusedLandlord();
    const response = await c.post("/api/properties", valid(overrides));
    expect(response.status).toBe(400);
    if (typeof message === "string") expect(response.body.message).toBe(message);
    else expect(response.body.message).toMatch(message);
    expect(await countOwned(user.id)).toBe(0);
  });

  it("refuses a body that is not an object", async () => {
    const { c, user } = await landlord();
    for (const body of [[], "text", 42, null]) {
      const response = await c.post("/api/properties", body);
      expect(response.status).toBe(400);
      expect(typeof response.body.message).toBe("string");
    }
    const malformed = await c.request("POST", "/api/properties", undefined, {
      "content-type": "application/json",
    });
    expect(malformed.status).toBe(400);
    expect(await countOwned(user.id)).toBe(0);
  });
});

describe("PUT /api/properties/:id", () => {
  it("rewrites every field, clears the missing optional ones and bumps updatedAt", async () => {
    const { c } = await landlord();
    const before = await created(
      c,
      valid({
        squareFeet: 900,
        depositAmount: 2000,
        minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS,
        availableFrom: "2026-10-01",
        epcRating: "C",
        councilTaxBand: "E",
        termsAndConditions: "House rules apply.",
        features: ["parking"],
        tenantPreferences: { dssAccepted: true },
        amenities: ["Wi-Fi"],
        images: ["https://images.example.com/keep.jpg"],
      }),
    );
    const response = await put(c, `/api/properties/${before.id}`, {
      ...requiredOnly(),
      title: "Renovated two-bed flat in York",
      city: "York",
      pricePerNight: 150,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const after = ZManagedProperty.parse(response.body);
    expect(after).toMatchObject({
      id: before.id,
      slug: before.slug,
      title: "Renovated two-bed flat in York",
      city: "York",
      region: "York",
      latitude: 53.9576,
      longitude: -1.0827,
      pricePerNight: "150.00",
      ...OPTIONAL_FACTS_UNSET,
      cancellationPolicy: "moderate",
      // Photos have their own routes; an edit that sends no amenities leaves them as they are.
      amenities: ["Wi-Fi"],
      photos: before.photos,
      createdAt: before.createdAt,
    });
    expect(Date.parse(after.updatedAt)).toBeGreaterThan(Date.parse(before.updatedAt));
    expect((await c.get(`/api/properties/${before.id}/manage`)).body).toEqual(after);
  });

  it("replaces the ticked amenities on an edit, keeping a kept one's description and any outside the form's list", async () => {
    const { c } = await landlord();
    const property = await created(c, propertyForm({ amenities: ["Wi-Fi", "Dishwasher"] }));
    await t.db
      .update(propertyAmenities)
      .set({ description: "Fibre, 900 Mb/s" })
      .where(and(eq(propertyAmenities.propertyId, property.id), eq(propertyAmenities.name, "Wi-Fi")));
    await t.db.insert(propertyAmenities).values({ propertyId: property.id, name: "Sauna", category: "Comfort" });
    const response = await put(c, `/api/properties/${property.id}`, {
      ...requiredOnly(),
      amenities: ["Wi-Fi", "Smoke alarm"],
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    const rows = await t.db
      .select({ name: propertyAmenities.name, description: propertyAmenities.description })
      .from(propertyAmenities)
      .where(eq(propertyAmenities.propertyId, property.id));
    expect(rows.sort((a, b) => a.name.localeCompare(b.name))).toEqual([
      { name: "Sauna", description: null },
      { name: "Smoke alarm", description: null },
      { name: "Wi-Fi", description: "Fibre, 900 Mb/s" },
    ]);
  });

  it("refuses amenities not on the form's list, or listed twice, and writes nothing", async () => {
    const { c } = await landlord();
    for (const amenities of [["Wifi"], ["Wi-Fi", "Wi-Fi"], "Wi-Fi", [42]]) {
      const response = await c.post("/api/properties", propertyForm({ amenities }));
      expect(response.status, JSON.stringify(amenities)).toBe(400);
      expect(String(response.body.message)).toMatch(/amenit/i);
    }
  });

  it("stores the cancellation policy and edits an inactive listing", async () => {
    const { c } = await landlord();
    const property = await created(c);
    await c.post(`/api/properties/${property.id}/status`, { status: "inactive" });
    const response = await put(c, `/api/properties/${property.id}`, {
      ...requiredOnly(),
      city: "westminster",
      cancellationPolicy: "strict",
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({ cancellationPolicy: "strict", city: "Westminster", isActive: false });
  });

  it("answers the table's messages and keeps the listing as it was", async () => {
    const { c } = await landlord();
    const property = await created(c);
    for (const [field, value, message] of TABLE) {
      const response = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), [field]: value });
      expect(response.status).toBe(400);
      expect(response.body.message).toBe(message);
    }
    const unknown = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), images: [] });
    expect(unknown.status).toBe(400);
    const policy = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), cancellationPolicy: "lenient" });
    expect(policy.status).toBe(400);
    expect(policy.body.message).toBe("Cancellation policy must be one of flexible, moderate, strict");
    for (const [change, message] of [
      [{ depositAmount: 0.001 }, "Use at most 2 decimal places"],
      [{ availableFrom: "0100-01-01" }, "Available from must be 1 January 2000 or later"],
      [{ availableFrom: "9999-12-31" }, "Available from must be within 5 years"],
    ] as const) {
      const response = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), ...change });
      expect(response.status, JSON.stringify(change)).toBe(400);
      expect(response.body.message).toBe(message);
    }
    expect((await c.get(`/api/properties/${property.id}/manage`)).body).toEqual(property);
  });
});

describe("POST /api/properties/:id/status", () => {
  it("activates, deactivates and marks in maintenance", async () => {
    const { c } = await landlord();
    const property = await created(c);
    const expectations = [
      ["maintenance", true, true],
      ["inactive", false, false],
      ["active", true, false],
    ] as const;
    for (const [status, isActive, underMaintenance] of expectations) {
      const response = await c.post(`/api/properties/${property.id}/status`, { status });
      expect(response.status).toBe(200);
      expect(response.body).toMatchObject({ status, isActive, underMaintenance });
    }
  });

  it("refuses an unknown status", async () => {
    const { c } = await landlord();
    const property = await created(c);
    const response = await c.post(`/api/properties/${property.id}/status`, { status: "deleted" });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe("status must be one of active, inactive, maintenance");
  });
});

describe("public search", () => {
  it("lists a created active property, and not once it is inactive", async () => {
    const { c } = await landlord();
    const word = `zephyr${randomBytes(4).toString("hex")}`;
    const property = await created(c, valid({ title: `Garden flat ${word}` }));
    const guest = new HttpClient(server.baseUrl);
    const listed = await guest.get(`/api/properties?q=${word}`);
    expect((listed.body as unknown as { id: number }[]).map((p) => p.id)).toEqual([property.id]);

    await c.post(`/api/properties/${property.id}/status`, { status: "inactive" });
    const unlisted = await guest.get(`/api/properties?q=${word}`);
    expect(unlisted.body).toEqual([]);
    // The owner still manages it.
    expect((await c.get(`/api/properties/${property.id}/manage`)).status).toBe(200);
  });
});

describe("who may not get in", () => {
  /** Every route of this plugin against landlord A's property and its photo. */
  const endpoints = (id: number | string, photoId: number): [string, string, unknown?][] => [
    ["POST", "/api/properties", valid()],
    ["GET", `/api/properties/${id}/manage`],
    ["PUT", `/api/properties/${id}`, requiredOnly()],
    ["POST", `/api/properties/${id}/status`, { status: "inactive" }],
    ["POST", `/api/properties/${id}/photos`, { url: "https://images.example.com/intruder.jpg" }],
    ["PUT", `/api/properties/${id}/photos/order`, { photoIds: [photoId] }],
    ["PUT", `/api/properties/${id}/photos/${photoId}/main`],
    ["DELETE", `/api/properties/${id}/photos/${photoId}`],
  ];

  async function propertyOfA() {
    const { c } = await landlord();
    const property = await created(c, valid({ images: ["https://images.example.com/owner.jpg"] }));
    const photo = property.photos[0];
    if (!photo) throw new Error("no photo");
    return { ownerClient: c, property, photoId: photo.id };
  }

  it("landlord B gets 404 on every route of landlord A's property, by id and by slug, and changes nothing", async () => {
    const { ownerClient, property, photoId } = await propertyOfA();
    const { c: b } = await landlord();
    for (const ref of [property.id, property.slug]) {
      for (const [method, url, body] of endpoints(ref, photoId).slice(1)) {
        const response = await b.request(method, url, body);
        expect(response.status, `${method} ${url}`).toBe(404);
        expect(response.body.message).toBe("Property not found");
      }
    }
    const upload = await postForm(b, `/api/properties/${property.id}/photos`, {
      files: [{ name: "intruder.jpg", bytes: await makeImage("jpeg", { width: 320, height: 240 }) }],
    });
    expect(upload.status).toBe(404);
    expect(await storedFiles()).toEqual([]);
    expect((await ownerClient.get(`/api/properties/${property.id}/manage`)).body).toEqual(property);
  });

  it("a photo id of another property is a 404, even for that property's owner", async () => {
    const { ownerClient, property } = await propertyOfA();
    const other = await propertyOfA();
    const foreign = other.photoId;
    expect((await put(ownerClient, `/api/properties/${property.id}/photos/${foreign}/main`)).status).toBe(404);
    expect((await del(ownerClient, `/api/properties/${property.id}/photos/${foreign}`)).status).toBe(404);
    const photos = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.id, foreign));
    expect(photos).toHaveLength(1);
  });

  it("a guest gets 403 on every route", async () => {
    const { property, photoId } = await propertyOfA();
    const { client: guest } = await signedInUser(t.db, server.baseUrl);
    for (const [method, url, body] of endpoints(property.id, photoId)) {
      const response = await guest.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(403);
      expect(response.body.message).toBe(
        "You don't have the required role to access this area. Required: Landlord/Owner. Your role: Guest/Tenant",
      );
    }
  });

  it("an unapproved landlord and one without a verified phone get 403 on every route, even their own", async () => {
    for (const [fields, message] of [
      [{ isApproved: false }, "Account Approval Pending"],
      [{ phoneVerified: false }, "Phone Verification Required"],
    ] as const) {
      const { c, user } = await landlord(fields);
      const own = await createProperty(t.db, { ownerId: user.id, photos: ["https://images.example.com/own.jpg"] });
      const [photo] = await t.db.select().from(propertyPhotos).where(eq(propertyPhotos.propertyId, own.id));
      for (const [method, url, body] of endpoints(own.id, photo?.id ?? 1)) {
        const response = await c.request(method, url, body);
        expect(response.status, `${method} ${url}`).toBe(403);
        expect(response.body.message).toBe(message);
      }
      expect(await countOwned(user.id)).toBe(1);
    }
  });

  it("a landlord without a verified e-mail cannot post a property but manages their own", async () => {
    const { c, user } = await landlord({ emailVerified: false });
    const response = await c.post("/api/properties", valid());
    expect(response.status).toBe(403);
    expect(response.body).toMatchObject({ message: "Please verify your email address first." });
    expect(await countOwned(user.id)).toBe(0);
    const own = await createProperty(t.db, { ownerId: user.id });
    expect((await c.get(`/api/properties/${own.id}/manage`)).status).toBe(200);
  });

  it("someone signed out gets 401 on every route", async () => {
    const { property, photoId } = await propertyOfA();
    const anonymous = new HttpClient(server.baseUrl);
    for (const [method, url, body] of endpoints(property.id, photoId)) {
      const response = await anonymous.request(method, url, body);
      expect(response.status, `${method} ${url}`).toBe(401);
    }
  });

  it("an admin manages any landlord's property", async () => {
    const { ownerClient, property, photoId } = await propertyOfA();
    const { client: admin } = await signedInUser(t.db, server.baseUrl, { role: "admin" });
    expect((await admin.get(`/api/properties/${property.id}/manage`)).body).toEqual(property);
    const edited = await put(admin, `/api/properties/${property.id}`, { ...requiredOnly(), title: "Edited by admin" });
    expect(edited.status).toBe(200);
    expect(edited.body.ownerId).toBe(property.ownerId);
    expect((await admin.post(`/api/properties/${property.id}/status`, { status: "maintenance" })).status).toBe(200);
    const added = await admin.post(`/api/properties/${property.id}/photos`, {
      url: "https://images.example.com/admin.jpg",
    });
    expect(added.status).toBe(201);
    const list = ZManagedPhotos.parse(added.body);
    const second = list[1]?.id ?? 0;
    expect(
      (await put(admin, `/api/properties/${property.id}/photos/order`, { photoIds: [second, photoId] })).status,
    ).toBe(200);
    expect((await put(admin, `/api/properties/${property.id}/photos/${second}/main`)).status).toBe(200);
    expect((await del(admin, `/api/properties/${property.id}/photos/${photoId}`)).status).toBe(200);
    const seenByOwner = await ownerClient.get(`/api/properties/${property.id}/manage`);
    expect(seenByOwner.body).toMatchObject({ title: "Edited by admin", status: "maintenance" });
  });

  it("an unknown property is the same 404", async () => {
    const { c } = await landlord();
    expect((await c.get("/api/properties/999999999/manage")).status).toBe(404);
    expect((await c.get("/api/properties/no-such-listing-anywhere/manage")).status).toBe(404);
    expect((await c.get("/api/properties/99999999999/manage")).status).toBe(404);
  });
});

describe("check-in time: a detail declared once on the property", () => {
  it("is stored as HH:MM, answered by the manage page and the public listing, and cleared by a blank edit", async () => {
    const { c } = await landlord();
    const property = await created(c, valid({ checkInTime: "15:00" }));
    expect(property.checkInTime).toBe("15:00");
    expect((await c.get(`/api/properties/${property.id}/manage`)).body).toMatchObject({ checkInTime: "15:00" });
    expect((await c.get(`/api/properties/${property.slug}`)).body).toMatchObject({ checkInTime: "15:00" });

    const trimmed = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), checkInTime: " 09:30 " });
    expect(trimmed.body).toMatchObject({ checkInTime: "09:30" });
    const cleared = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), checkInTime: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body).toMatchObject({ checkInTime: null });
  });

  it("refuses a time that is not HH:MM with a clear message and keeps the listing as it was", async () => {
    const { c } = await landlord();
    const property = await created(c, valid({ checkInTime: "14:00" }));
    for (const bad of ["3pm", "24:00", "15:60", "1500", 15]) {
      const response = await put(c, `/api/properties/${property.id}`, { ...requiredOnly(), checkInTime: bad });
      expect(response.status, String(bad)).toBe(400);
      expect(JSON.stringify(response.body)).toContain("Check-in from must be a time written HH:MM");
    }
    const [row] = await t.db.select().from(properties).where(eq(properties.id, property.id));
    expect(row?.checkInTime).toBe("14:00");
    // The database holds the same rule, for any path that writes without the API.
    await expect(
      t.db.update(properties).set({ checkInTime: "late" }).where(eq(properties.id, property.id)),
    ).rejects.toThrow();
  });
});
