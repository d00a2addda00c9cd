import { hash } from "@node-rs/argon2";
import { eq, getTableColumns, inArray, sql } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import { HOLD_LIMITS } from "../../common/domain/booking-status";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import { countedNightsByYear, LONDON_SHORT_LET_LIMIT } from "../../common/domain/short-let-ledger";
import { auditLabel, sentenceName } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import type { Database, Tx } from "./client";
import {
  auditLogs,
  availability,
  bookings,
  payments,
  pricingRules,
  properties,
  propertyAmenities,
  propertyMetrics,
  propertyPhotos,
  propertyPriceChanges,
  propertyVerifications,
  reviews,
  savedProperties,
  users,
} from "./schema";
import { planConversations, writeConversations } from "./seed-conversations";
import { BASE_AMENITIES, EXTRA_AMENITIES, FEATURE_AMENITIES, HIGHLIGHT_ORDER } from "./seed-data/amenities";
import {
  ADMIN,
  DEMO_ACCOUNTS,
  DEMO_ADMIN_TOTP_SECRET,
  DEMO_PASSWORD,
  GUESTS,
  LANDLORDS,
  OTHER_STAFF,
} from "./seed-data/people";
import {
  BATHROOMS,
  BEDROOMS,
  DEMO_PHOTO_URL_PREFIX,
  type DemoPhoto,
  DINING_ROOMS,
  EXTERIORS,
  KITCHENS,
  LIVING_ROOMS,
  STUDIO_LOFT,
  STUDIO_ROOM,
} from "./seed-data/photos";
import { LONDON_PROPERTIES, SAMPLE_PROPERTIES } from "./seed-data/properties-london";
import { UK_PROPERTIES } from "./seed-data/properties-uk";
import { BLOCKED_NOTES, HOST_RESPONSES, REVIEW_TEXT } from "./seed-data/reviews";
import type { SeedPerson, SeedProperty } from "./seed-data/types";
import { planManagement, writeManagement } from "./seed-management";

export type SeedResult = { seeded: boolean; users: number; properties: number; bookings: number };

/** Any constant: two instances starting together must not both seed. */
const SEED_LOCK = 7_406_202;
const SERVICE_FEE_RATE = 0.1;

// ---------------------------------------------------------------------------------------------
// Calendar days as 'YYYY-MM-DD' strings, always in UTC
// ---------------------------------------------------------------------------------------------

const DAY_MS = 86_400_000;
const toMs = (day: string) => Date.parse(`${day}T00:00:00Z`);
// The plan walks thousands of nights: remember conversions rather than parse dates each time.
const dayNumbers = new Map<string, number>();
const dayStrings = new Map<number, string>();
const dayNumber = (day: string) => {
  let n = dayNumbers.get(day);
  if (n === undefined) {
    n = Math.round(toMs(day) / DAY_MS);
    dayNumbers.set(day, n);
  }
  return n;
};
const dayString = (n: number) => {
  let day = dayStrings.get(n);
  if (day === undefined) {
    day = new Date(n * DAY_MS).toISOString().slice(0, 10);
    dayStrings.set(n, day);
  }
  return day;
};
const addDays = (day: string, n: number) => dayString(dayNumber(day) + n);
const daysBetween = (from: string, to: string) => dayNumber(to) - dayNumber(from);
const weekday = (day: string) => (((dayNumber(day) + 4) % 7) + 7) % 7; // 1970-01-01 was a Thursday

// ---------------------------------------------------------------------------------------------
// A seeded PRNG (mulberry32), so every run produces the same data
// ---------------------------------------------------------------------------------------------

function createRandom(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  return {
    next,
    int,
    chance: (p: number) => next() < p,
    pick: <T>(items: readonly T[]): T => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as T;
    },
    shuffle: <T>(items: readonly T[]): T[] => {
      const copy = [...items];
      for (let i = copy.length - 1; i > 0; i--) {
        const j = Math.floor(next() * (i + 1));
        [copy[i], copy[j]] = [copy[j] as T, copy[i] as T];
      }
      return copy;
    },
  };
}
type Random = ReturnType<typeof createRandom>;

const money = (pounds: number) => pounds.toFixed(2);
const fill = (text: string, values: Record<string, string>) =>
  text.replace(/\{(\w+)\}/g, (_, k: string) => values[k] ?? "");

/**
 * Adds the demo marketplace (people, listings, photos, stays, payments, reviews, pricing rules,
 * blocked dates and metrics) when the database holds no properties yet. Everything happens in one
 * transaction, and the same `today` always produces the same rows.
 */
export async function seedDemoData(
  db: Database,
  options: { today?: string; serverKeys?: ServerKeys } = {},
): Promise<SeedResult> {
  const today = options.today ?? new Date().toISOString().slice(0, 10);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(today) || Number.isNaN(toMs(today))) {
    throw new Error(`seedDemoData: today must be a YYYY-MM-DD date, got ${today}`);
  }
  const notSeeded: SeedResult = { seeded: false, users: 0, properties: 0, bookings: 0 };
  // Cheap check first, so a populated database never pays for the password hash.
  if (await hasProperties(db)) return notSeeded;
  const passwordHash = await hash(DEMO_PASSWORD);
  const demoAdminSecret = await options.serverKeys?.seal("two-factor-secrets", DEMO_ADMIN_TOTP_SECRET);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK})`);
    if (await hasProperties(tx)) return notSeeded;
    const plan = buildPlan(today, passwordHash);
    const result = await writePlan(tx, plan);
    // The demo administrator has two-factor on with the published demo key, as administrators must (an account that
    // was there before the seed keeps its own).
    if (demoAdminSecret) {
      await tx
        .update(users)
        .set({ totpSecret: demoAdminSecret, totpEnabledAt: new Date() })
        .where(sql`lower(${users.email}) = ${plan.admin.row.email.toLowerCase()} and ${users.totpSecret} is null`);
    }
    return result;
  });
}

async function hasProperties(db: Database | Tx): Promise<boolean> {
  const rows = await db.select({ id: properties.id }).from(properties).limit(1);
  return rows.length > 0;
}

// ---------------------------------------------------------------------------------------------
// The plan: every row worked out in memory first, with people and listings referred to by key
// ---------------------------------------------------------------------------------------------

type PlannedBooking = {
  slug: string;
  guestKey: string;
  checkIn: string;
  checkOut: string;
  nights: number;
  pricePerNight: number;
  totalPrice: number;
  status: "pending" | "confirmed" | "completed" | "cancelled";
  guestCount: number;
  createdAt: Date;
};

type PlannedProperty = SeedProperty & {
  createdDay: string;
  availableFrom: string;
  monthly: number;
};

type Plan = ReturnType<typeof buildPlan>;

function buildPlan(today: string, passwordHash: string) {
  const rnd = createRandom(20_260_101);
  /** A timestamp on a given day; never later than the start of `today`. */
  const stamp = (day: string, minuteOfDay: number) => new Date(Math.min(toMs(day) + minuteOfDay * 60_000, toMs(today)));

  // People ----------------------------------------------------------------------------------
  const others = [...LANDLORDS, ...OTHER_STAFF, ...GUESTS];
  const personRow = (p: SeedPerson, i: number) => {
    const createdAt = stamp(addDays(today, -p.joinedDaysAgo), 8 * 60 + ((i * 37) % 600));
    const lastLoginAt =
      p.lastLoginDaysAgo === undefined ? null : stamp(addDays(today, -p.lastLoginDaysAgo), 7 * 60 + ((i * 53) % 660));
    const approved = p.role === "landlord" && p.isApproved;
    return {
      key: p.key,
      row: {
        email: p.email,
        passwordHash,
        firstName: p.firstName,
        lastName: p.lastName,
        role: p.role,
        provider: "email" as const,
        isApproved: p.isApproved,
        approvedAt: approved ? stamp(addDays(today, -p.joinedDaysAgo + 1), 10 * 60 + i) : null,
        emailVerified: p.emailVerified,
        phoneNumber: p.phoneNumber ?? null,
        phoneVerified: p.phoneVerified,
        location: p.location ?? null,
        registrationIp: `203.0.113.${10 + i}`,
        lastLoginIp: lastLoginAt ? `198.51.100.${20 + i}` : null,
        lastLoginAt,
        lastSeenAt: lastLoginAt,
        createdAt,
        updatedAt: lastLoginAt ?? createdAt,
      },
      approvedByAdmin: approved,
    };
  };
  const admin = personRow(ADMIN, 0);
  const people = others.map((p, i) => personRow(p, i + 1));
  const firstNames = new Map([ADMIN, ...others].map((p) => [p.key, p.firstName]));

  // Listings --------------------------------------------------------------------------------
  const all = [...SAMPLE_PROPERTIES, ...LONDON_PROPERTIES, ...UK_PROPERTIES];
  const slugs = new Set(all.map((p) => p.slug));
  if (slugs.size !== all.length) throw new Error("seed data: duplicate property slug");
  const newListings = new Set(["white-city-modern-studio", "peckham-rye-garden-flat", "york-minster-view-apartment"]);
  const listings: PlannedProperty[] = all.map((p) => {
    const isNew = newListings.has(p.slug);
    // The marketplace has grown over the last two years: older listings have more history.
    const createdDay = isNew ? addDays(today, -rnd.int(5, 20)) : addDays(today, -rnd.int(120, 620));
    const availableFrom = isNew ? addDays(today, rnd.int(7, 30)) : addDays(createdDay, rnd.int(3, 14));
    const monthly = Math.round((p.nightly * rnd.int(22, 26)) / 10) * 10;
    return { ...p, createdDay, availableFrom, monthly };
  });
  const propertyRow = (p: PlannedProperty, i: number) => {
    const isLondon = (LONDON_BOROUGHS as readonly string[]).includes(p.city);
    const minTenancyMonths = p.minTenancyMonths ?? 1;
    const createdAt = stamp(p.createdDay, 9 * 60 + ((i * 41) % 480));
    return {
      ...(p.id === undefined ? {} : { id: p.id }),
      slug: p.slug,
      title: p.title,
      description: p.description,
      address: isLondon
        ? `${p.street}, ${p.area ?? p.city}, London ${p.postcode}`
        : `${p.street}, ${p.city} ${p.postcode}`,
      city: p.city,
      region: isLondon ? "London" : p.city,
      postcode: p.postcode,
      latitude: p.latitude,
      longitude: p.longitude,
      pricePerNight: money(p.nightly),
      pricePerMonth: money(p.monthly),
      bedrooms: p.bedrooms,
      bathrooms: p.bathrooms,
      maxGuests: p.maxGuests,
      propertyType: p.type,
      squareFeet: p.squareFeet,
      furnishingStatus: p.furnishing ?? ("furnished" as const),
      availableFrom: p.availableFrom,
      // Five weeks' rent, the most a deposit may be under the Tenant Fees Act 2019, rounded down to £50 so it stays
      // within the cap; the holding deposit is a week's rent rounded down to £10.
      depositAmount: money(Math.floor((((p.monthly * 12) / 52) * 5) / 50) * 50),
      holdingDepositAmount: money(Math.floor((p.monthly * 12) / 52 / 10) * 10),
      minTenancyMonths,
      // A home rated F or G is let on a tenancy only with a registered exemption, which no demo listing has.
      tenancyOffered: p.epc !== "F" && p.epc !== "G",
      epcRating: p.epc,
      councilTaxBand: p.councilTax,
      features: p.features,
      tenantPreferences: {
        petsAllowed: p.pets ?? false,
        smokingAllowed: false,
        dssAccepted: minTenancyMonths >= 6,
        studentsAccepted: p.students ?? false,
      },
      termsAndConditions: TERMS[p.policy ?? "moderate"],
      cancellationPolicy: p.policy ?? ("moderate" as const),
      shortLetPermission: null as string | null,
      isActive: p.isActive ?? true,
      underMaintenance: p.underMaintenance ?? false,
      createdAt,
      updatedAt: createdAt,
    };
  };
  const propertyRows = listings.map((p, i) => ({ slug: p.slug, owner: p.owner, row: propertyRow(p, i) }));

  // Photos and amenities ---------------------------------------------------------------------
  const exteriorTurns = new Map<string, number>();
  const photoRows = listings.flatMap((p) =>
    choosePhotos(p, rnd, exteriorTurns).map((photo, order) => ({
      slug: p.slug,
      row: {
        url: `${DEMO_PHOTO_URL_PREFIX}${photo.file}.webp`,
        caption: photo.caption,
        displayOrder: order,
        isMain: order === 0,
        roomType: photo.roomType,
        createdAt: stamp(p.createdDay, 12 * 60 + order),
      },
    })),
  );
  const amenityRows = listings.flatMap((p) =>
    chooseAmenities(p, rnd).map((a) => ({ slug: p.slug, row: { ...a, createdAt: stamp(p.createdDay, 12 * 60 + 30) } })),
  );

  // Stays -------------------------------------------------------------------------------------
  const bySlug = new Map(listings.map((p) => [p.slug, p]));
  const guestKeys = GUESTS.filter((g) => g.emailVerified && g.key !== "guest").map((g) => g.key);
  const guestStays = new Map<string, [string, string][]>();
  // A guest is in one place at a time.
  const guestIsFree = (key: string, checkIn: string, checkOut: string) =>
    !(guestStays.get(key) ?? []).some(([a, b]) => checkIn < b && a < checkOut);
  const plannedBookings: PlannedBooking[] = [];
  const makeBooking = (
    p: PlannedProperty,
    guestKey: string,
    checkIn: string,
    nights: number,
    status: PlannedBooking["status"],
    guestCount: number,
    leadDays: number,
  ): PlannedBooking => {
    const checkOut = addDays(checkIn, nights);
    const subtotal = nights * p.nightly;
    // Booked `leadDays` before arrival, but never before the listing existed nor after today.
    let created = addDays(checkIn, -leadDays);
    if (created < p.createdDay) created = p.createdDay;
    if (created > today) created = today;
    const booking: PlannedBooking = {
      slug: p.slug,
      guestKey,
      checkIn,
      checkOut,
      nights,
      pricePerNight: p.nightly,
      totalPrice: subtotal + Math.round(subtotal * SERVICE_FEE_RATE),
      status,
      guestCount: Math.max(1, Math.min(guestCount, p.maxGuests)),
      createdAt: stamp(created, 6 * 60 + rnd.int(0, 900)),
    };
    if (status !== "cancelled") {
      const stays = guestStays.get(guestKey) ?? [];
      stays.push([checkIn, checkOut]);
      guestStays.set(guestKey, stays);
    }
    return booking;
  };

  // The demo guest's own stays come first, so the random ones fit around them.
  const demoGuestStays: [
    slug: string,
    offset: number,
    nights: number,
    status: PlannedBooking["status"],
    guests: number,
  ][] = [
    ["westminster-luxury-flat", -212, 3, "completed", 2],
    ["kensington-elegant-home", -96, 4, "completed", 4],
    ["greenwich-park-georgian-flat", -41, 2, "completed", 2],
    // Staying now, in a flat manager@ looks after: the demo guest can report a problem from My Bookings.
    ["bermondsey-street-apartment", -1, 4, "confirmed", 2],
    ["westminster-luxury-flat", 19, 5, "confirmed", 2],
    ["camden-modern-studio", 52, 3, "pending", 2],
    ["bath-royal-crescent-apartment", 74, 2, "cancelled", 2],
    ["notting-hill-pastel-mews", 98, 4, "pending", 3],
  ];
  const fixed = new Map<string, PlannedBooking[]>();
  for (const [slug, offset, nights, status, count] of demoGuestStays) {
    const p = bySlug.get(slug);
    if (!p) throw new Error(`seed data: unknown listing ${slug}`);
    const b = makeBooking(
      p,
      "guest",
      addDays(today, offset),
      nights,
      status,
      count,
      offset < 0 ? 30 : Math.min(25, offset + 20),
    );
    fixed.set(slug, [...(fixed.get(slug) ?? []), b]);
    plannedBookings.push(b);
  }

  // The demo landlord's listings are planned first, so they are the busiest and their analytics
  // have something to show; with ~24 guests who are each in one place at a time, others get fewer.
  const planningOrder = [
    ...listings.filter((p) => p.owner === "james"),
    ...listings.filter((p) => p.owner !== "james"),
  ];
  for (const p of planningOrder) {
    const pinned = (fixed.get(p.slug) ?? []).filter((b) => b.status !== "cancelled");
    // A few listings have had no bookings yet; the demo landlord's always have some.
    if (p.owner !== "james" && rnd.chance(0.1)) continue;
    let cursor = p.createdDay > addDays(today, -300) ? addDays(p.createdDay, 3) : addDays(today, -300);
    if (p.availableFrom > cursor) cursor = p.availableFrom;
    cursor = addDays(cursor, rnd.int(0, 12));
    let end = addDays(today, 120);
    if (p.isActive === false) end = addDays(today, -30);
    if (p.underMaintenance) end = addDays(today, -10);
    // Dearer listings are booked less often.
    const busy = p.owner === "james";
    const maxGap = Math.ceil((p.nightly > 900 ? 12 : p.nightly > 400 ? 7 : 5) / (busy ? 2 : 1));
    const spread = busy ? 90 : 50;
    while (cursor < end) {
      const roll = rnd.next();
      const nights = roll < 0.25 ? rnd.int(1, 3) : roll < 0.65 ? rnd.int(4, 7) : rnd.int(8, 14);
      const checkIn = cursor;
      const checkOut = addDays(checkIn, nights);
      if (checkOut > end) break;
      const clash = pinned.find((b) => checkIn < b.checkOut && b.checkIn < checkOut);
      if (clash) {
        cursor = addDays(clash.checkOut, rnd.int(0, 3));
        continue;
      }
      let status: PlannedBooking["status"];
      if (checkOut <= today) status = rnd.chance(0.07) ? "cancelled" : "completed";
      else if (checkIn <= today) status = "confirmed";
      else {
        const s = rnd.next();
        status = s < 0.62 ? "confirmed" : s < 0.9 ? "pending" : "cancelled";
      }
      const guestKey = pickGuest(rnd, guestKeys, (k) => guestIsFree(k, checkIn, checkOut));
      if (guestKey) {
        const count = 1 + Math.floor(rnd.next() ** 1.6 * p.maxGuests);
        plannedBookings.push(makeBooking(p, guestKey, checkIn, nights, status, count, rnd.int(3, 70)));
      }
      // Busiest around today: demand has grown over the year, and fewer stays are booked far ahead.
      const distance = Math.abs(daysBetween(today, checkOut));
      cursor = addDays(checkOut, rnd.chance(0.22) ? 0 : Math.round(rnd.int(1, maxGap) * (1 + distance / spread)));
    }
  }
  // Ids in the order the stays were booked; ties broken without locale rules, for the same order everywhere.
  const order = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  plannedBookings.sort(
    (a, b) => a.createdAt.getTime() - b.createdAt.getTime() || order(a.slug, b.slug) || order(a.checkIn, b.checkIn),
  );

  // Nights held per listing (cancelled stays release theirs).
  const heldNights = new Map<string, Map<string, PlannedBooking>>();
  for (const b of plannedBookings) {
    if (b.status === "cancelled") continue;
    const nights = heldNights.get(b.slug) ?? new Map<string, PlannedBooking>();
    for (let d = b.checkIn; d < b.checkOut; d = addDays(d, 1)) nights.set(d, b);
    heldNights.set(b.slug, nights);
  }

  // Reviews of completed stays ---------------------------------------------------------------
  const reviewPlans: { booking: PlannedBooking; row: Omit<typeof reviews.$inferInsert, "propertyId" | "guestId"> }[] =
    [];
  const textCursor = { 3: 0, 4: 0, 5: 0 };
  for (const b of plannedBookings) {
    if (b.status !== "completed") continue;
    if (!(b.guestKey === "guest" && b.slug === "kensington-elegant-home") && !rnd.chance(0.75)) continue;
    const r = rnd.next();
    const rating = (r < 0.58 ? 5 : r < 0.9 ? 4 : 3) as 3 | 4 | 5;
    const sub = () => Math.max(2, Math.min(5, rating + (rnd.chance(0.2) ? -1 : rnd.chance(0.18) ? 1 : 0)));
    const p = bySlug.get(b.slug) as PlannedProperty;
    const text = REVIEW_TEXT[rating];
    const n = textCursor[rating]++;
    const values = {
      area: p.area ?? p.city,
      host: firstNames.get(p.owner) ?? "the host",
      guest: firstNames.get(b.guestKey) ?? "",
    };
    const createdDay = addDays(b.checkOut, rnd.int(1, 6));
    if (createdDay >= today) continue;
    const respond = rating === 3 ? rnd.chance(0.8) : rnd.chance(0.35);
    const responseDay = addDays(createdDay, rnd.int(1, 3));
    const canRespond = respond && responseDay < today;
    const responses = rating === 3 ? HOST_RESPONSES.sorry : HOST_RESPONSES.happy;
    reviewPlans.push({
      booking: b,
      row: {
        rating,
        cleanliness: sub(),
        accuracy: sub(),
        communication: sub(),
        location: Math.max(4, sub()),
        value: sub(),
        title: text.titles[(n * 3 + rnd.int(0, 2)) % text.titles.length] as string,
        comment: fill(text.comments[(n + rnd.int(0, 1)) % text.comments.length] as string, values),
        hostResponse: canRespond ? fill(rnd.pick(responses), values) : null,
        hostResponseDate: canRespond ? stamp(responseDay, 9 * 60 + rnd.int(0, 600)) : null,
        isPublic: true,
        createdAt: stamp(createdDay, 18 * 60 + rnd.int(0, 240)),
      },
    });
  }

  // Saved listings ----------------------------------------------------------------------------
  const saved: { userKey: string; slug: string; createdAt: Date }[] = [
    ["kensington-elegant-home", 120],
    ["mayfair-penthouse-with-roof-terrace", 64],
    ["notting-hill-pastel-mews", 33],
    ["greenwich-park-georgian-flat", 58],
    ["bath-royal-crescent-apartment", 12],
    ["edinburgh-new-town-georgian-flat", 4],
  ].map(([slug, daysAgo]) => ({
    userKey: "guest",
    slug: slug as string,
    createdAt: stamp(addDays(today, -(daysAgo as number)), 20 * 60),
  }));
  const savedKeys = new Set(saved.map((s) => `${s.userKey}|${s.slug}`));
  for (let i = 0; i < 30; i++) {
    const userKey = rnd.pick(guestKeys);
    const slug = rnd.pick(listings).slug;
    if (savedKeys.has(`${userKey}|${slug}`)) continue;
    savedKeys.add(`${userKey}|${slug}`);
    saved.push({ userKey, slug, createdAt: stamp(addDays(today, -rnd.int(1, 200)), rnd.int(7 * 60, 23 * 60)) });
  }

  // Pricing rules -----------------------------------------------------------------------------
  const md = today.slice(5);
  const season = Number(today.slice(0, 4)) - (md <= "01-02" ? 1 : 0);
  const pricing: { slug: string; row: Omit<typeof pricingRules.$inferInsert, "propertyId"> }[] = [];
  const priced = listings
    .filter((p) => p.isActive !== false && !p.underMaintenance)
    .filter((_, i) => i % 5 === 0 || i < 3);
  priced.forEach((p, i) => {
    const createdAt = stamp(addDays(p.createdDay, 2), 11 * 60);
    if (i % 3 !== 2) {
      pricing.push({
        slug: p.slug,
        row: { name: "Weekend premium", daysOfWeek: [5, 6], priceModifier: "15.00", priority: 1, createdAt },
      });
    }
    if (i % 2 === 0) {
      pricing.push({
        slug: p.slug,
        row: {
          name: "Christmas and New Year",
          startDate: `${season}-12-20`,
          endDate: `${season + 1}-01-02`,
          fixedPrice: money(Math.round((p.nightly * 1.5) / 5) * 5),
          minStayLength: 3,
          priority: 10,
          createdAt,
        },
      });
    }
    if (i % 3 !== 1) {
      pricing.push({
        slug: p.slug,
        row: { name: "Long-stay discount", minStayLength: 28, priceModifier: "-10.00", priority: 5, createdAt },
      });
    }
  });

  // Blocked dates, on nights nobody holds -----------------------------------------------------
  const blocked: { slug: string; date: string; notes: string }[] = [];
  const maintenance = listings.find((p) => p.underMaintenance);
  if (maintenance) {
    for (let d = 0; d < 14; d++)
      blocked.push({ slug: maintenance.slug, date: addDays(today, d), notes: "Bathroom refit" });
  }
  for (const p of listings.filter((x) => x.isActive !== false && !x.underMaintenance).filter((_, i) => i % 7 === 1)) {
    const held = heldNights.get(p.slug) ?? new Map();
    let start = addDays(today, rnd.int(5, 40));
    for (let tries = 0; tries < 120; tries++, start = addDays(start, 1)) {
      const len = 2 + (tries % 3);
      const run = Array.from({ length: len }, (_, k) => addDays(start, k));
      if (run.every((d) => !held.has(d))) {
        const notes = rnd.pick(BLOCKED_NOTES);
        for (const date of run) blocked.push({ slug: p.slug, date, notes });
        break;
      }
    }
  }

  // Property management and maintenance: manager@ runs some of landlord@'s listings, contractor@ works on them.
  const management = planManagement({
    today,
    stamp,
    heldNights,
    blockedNights: new Set(blocked.map((b) => `${b.slug}|${b.date}`)),
  });

  // Daily metrics for the last 30 days, from the stays themselves -----------------------------
  const metrics: { slug: string; row: Omit<typeof propertyMetrics.$inferInsert, "propertyId"> }[] = [];
  const madeOn = new Map<string, number>();
  for (const b of plannedBookings) {
    if (b.status === "cancelled") continue;
    const key = `${b.slug}|${b.createdAt.toISOString().slice(0, 10)}`;
    madeOn.set(key, (madeOn.get(key) ?? 0) + 1);
  }
  const measured = listings.filter((p) => p.isActive !== false && heldNights.has(p.slug)).slice(0, 8);
  for (const p of measured) {
    const held = heldNights.get(p.slug) ?? new Map<string, PlannedBooking>();
    for (let k = 30; k >= 1; k--) {
      const date = addDays(today, -k);
      const stay = held.get(date);
      const made = madeOn.get(`${p.slug}|${date}`) ?? 0;
      const weekend = [0, 5, 6].includes(weekday(date));
      const views =
        rnd.int(18, 70) + (weekend ? rnd.int(10, 30) : 0) + made * rnd.int(8, 20) + (p.nightly > 600 ? 15 : 0);
      metrics.push({
        slug: p.slug,
        row: {
          date,
          views,
          inquiries: Math.round(views * (0.02 + rnd.next() * 0.05)) + made,
          bookings: made,
          revenue: money(stay ? stay.pricePerNight : 0),
          occupancyRate: money(stay ? 100 : 0),
          avgDailyRate: money(stay ? stay.pricePerNight : 0),
          createdAt: stamp(addDays(date, 1), 2 * 60),
        },
      });
    }
  }

  // Busy London homes are let short beyond the yearly limit, which only planning permission allows: the demo
  // records it for them (as serviced apartments have), and the quieter ones show their count towards the limit.
  const counted = new Map<string, Map<number, number>>();
  for (const b of plannedBookings) {
    if (b.status === "cancelled") continue;
    const years = counted.get(b.slug) ?? new Map<number, number>();
    for (const [year, n] of countedNightsByYear(b.checkIn, b.checkOut)) years.set(year, (years.get(year) ?? 0) + n);
    counted.set(b.slug, years);
  }
  for (const { slug, row } of propertyRows) {
    const busiest = Math.max(0, ...(counted.get(slug)?.values() ?? []));
    if (row.region === "London" && row.propertyType !== "room" && busiest > LONDON_SHORT_LET_LIMIT) {
      row.shortLetPermission = "Demo listing: planning permission for serviced-apartment use recorded";
    }
  }

  // A listing with a "was" price was offered at it from its listing until ten days ago, then reduced: its history,
  // not a typed-in figure, is what the struck-through price is read from.
  const priceHistory = listings.flatMap((p, i) => {
    if (p.was === undefined) return [];
    const listedAt = propertyRows[i]?.row.createdAt ?? stamp(p.createdDay, 9 * 60);
    const reducedAt = stamp(addDays(today, -10), 11 * 60);
    if (reducedAt.getTime() - listedAt.getTime() < 14 * 86_400_000) return [];
    return [
      { slug: p.slug, row: { pricePerNight: money(p.was), effectiveFrom: listedAt } },
      { slug: p.slug, row: { pricePerNight: money(p.nightly), effectiveFrom: reducedAt } },
    ];
  });

  // The demo admin has visited every third active listing (those listed over a fortnight ago) and recorded what was
  // checked: only these show Verified.
  const verifications = listings.flatMap((p, i) => {
    const listedDay = p.createdDay;
    if ((p.isActive ?? true) === false || i % 3 !== 0 || listedDay > addDays(today, -14)) return [];
    const checks = ["visited", "photos_match", "host_identity", ...(i % 2 === 0 ? ["safety_certificates"] : [])];
    return [{ slug: p.slug, row: { checks, verifiedAt: stamp(addDays(listedDay, 5), 14 * 60 + i) } }];
  });

  // Guests' questions to landlord@ and manager@, and the demo guest's conversation about a coming stay.
  const conversations = planConversations({ today, stamp, stays: plannedBookings, now: Date.now() });

  return {
    admin,
    people,
    propertyRows,
    photoRows,
    amenityRows,
    priceHistory,
    verifications,
    plannedBookings,
    reviewPlans,
    saved,
    pricing,
    blocked,
    metrics,
    management,
    conversations,
  };
}

function pickGuest(rnd: Random, keys: string[], ok: (key: string) => boolean): string | undefined {
  for (let i = 0; i < 30; i++) {
    const key = rnd.pick(keys);
    if (ok(key)) return key;
  }
  return undefined;
}

/** 3 to 6 photographs, an exterior or a living room first, no picture twice. */
function choosePhotos(p: PlannedProperty, rnd: Random, turns: Map<string, number>): DemoPhoto[] {
  const out: DemoPhoto[] = [];
  const add = (photo: DemoPhoto | undefined) => {
    if (photo && !out.some((o) => o.file === photo.file)) out.push(photo);
  };
  // Exteriors of one style take turns, so neighbouring cards rarely share a picture.
  let exterior: DemoPhoto | undefined;
  if (p.style !== "loft") {
    const options = EXTERIORS[p.style];
    const turn = turns.get(p.style) ?? 0;
    turns.set(p.style, turn + 1);
    exterior = options[turn % options.length];
  }
  if (p.style === "loft") add(STUDIO_LOFT);
  else if (p.bedrooms === 0 || rnd.chance(0.75)) add(exterior);
  else add(rnd.pick(LIVING_ROOMS));
  if (p.bedrooms === 0) {
    add(STUDIO_ROOM);
    add(rnd.pick(BATHROOMS));
    if (rnd.chance(0.5)) add(rnd.pick(KITCHENS));
    return out;
  }
  if (p.style !== "loft") add(rnd.pick(LIVING_ROOMS));
  add(rnd.pick(KITCHENS));
  if (p.bedrooms >= 3) add(rnd.pick(DINING_ROOMS));
  for (const bedroom of rnd.shuffle(BEDROOMS).slice(0, Math.min(2, p.bedrooms))) add(bedroom);
  add(rnd.pick(BATHROOMS));
  // An exterior after the interiors, when the listing led with its living room.
  if (exterior && out[0]?.roomType !== "exterior") add(exterior);
  return out.slice(0, p.bedrooms === 1 ? 4 + rnd.int(0, 1) : 6);
}

/** 6 to 12 amenities: the basics, what the features imply, then extras; two or three highlighted. */
function chooseAmenities(p: PlannedProperty, rnd: Random) {
  const chosen = [...BASE_AMENITIES];
  for (const f of p.features) {
    const a = FEATURE_AMENITIES[f];
    if (a) chosen.push(a);
  }
  const target = Math.min(12, Math.max(6, chosen.length + rnd.int(2, 5)));
  for (const extra of rnd.shuffle(EXTRA_AMENITIES)) {
    if (chosen.length >= target) break;
    chosen.push(extra);
  }
  const list = chosen.slice(0, 12);
  const highlights = new Set(
    HIGHLIGHT_ORDER.filter((name) => list.some((a) => a.name === name)).slice(0, p.nightly > 500 ? 3 : 2),
  );
  return list.map((a) => ({ ...a, isHighlighted: highlights.has(a.name) }));
}

const TERMS = {
  flexible:
    "Check-in from 3pm, check-out by 11am. Free cancellation up to 24 hours before arrival. No parties or events; quiet hours are 10pm to 8am.",
  moderate:
    "Check-in from 3pm, check-out by 11am. Full refund for cancellations made at least 5 days before arrival, 50% afterwards. No smoking, no parties; quiet hours are 10pm to 8am.",
  strict:
    "Check-in from 4pm, check-out by 10am. 50% refund for cancellations made at least 14 days before arrival, none afterwards. A refundable security hold is taken at check-in. No smoking, no parties or events.",
} as const;

// ---------------------------------------------------------------------------------------------
/** A seeded request: made a few hours ago (at the planned time of day), held for 48 hours from then. */
function pendingRequestTimes(planned: Date): { createdAt: Date; holdExpiresAt: Date } {
  const hoursAgo = 2 + (planned.getUTCMinutes() % 20);
  const createdAt = new Date(Date.now() - hoursAgo * 3_600_000);
  return { createdAt, holdExpiresAt: new Date(createdAt.getTime() + HOLD_LIMITS.requestHours * 3_600_000) };
}

/** A seeded cancellation: the guest's own, a day or two after booking, refunded in full. */
function guestCancellation(bookedAt: Date, total: string) {
  const later = Math.min(bookedAt.getTime() + 36 * 3_600_000, Date.now() - 3_600_000);
  const cancelledAt = new Date(Math.max(bookedAt.getTime(), later));
  return { cancelledBy: "guest", cancelledAt, refundAmount: total };
}

// Writing the plan: a handful of multi-row inserts inside the caller's transaction
// ---------------------------------------------------------------------------------------------

/**
 * A multi-row insert written as `insert ... select * from unnest($1::type[], $2::type[], ...)`:
 * one statement with one array parameter per column, whatever the number of rows. Drizzle's
 * `insert().values([...])` spends about 0.1 ms of CPU per row building its VALUES list, which for
 * the few thousand stays, payments and reviews was most of the seed's time. Column names and SQL
 * types come from the Drizzle table, so the rows keep their schema types. (Array and json
 * columns cannot go through unnest; those tables use `insert().values()`.)
 */
async function insertMany<TTable extends PgTable, TKey extends keyof TTable["$inferSelect"] & string = never>(
  tx: Tx,
  table: TTable,
  rows: TTable["$inferInsert"][],
  returning: readonly TKey[] = [],
): Promise<Pick<TTable["$inferSelect"], TKey>[]> {
  const first = rows[0];
  if (!first) return [];
  const columns = getTableColumns(table) as Record<string, PgColumn>;
  // Every key any row has (rows may differ: only pending stays have a hold); a missing value is NULL.
  const keys = [...new Set(rows.flatMap((row) => Object.keys(row as object)))];
  const column = (key: string) => {
    const c = columns[key];
    if (!c) throw new Error(`seed: ${key} is not a column`);
    return c;
  };
  const names = sql.raw(keys.map((k) => `"${column(k).name}"`).join(", "));
  const arrays = sql.join(
    keys.map((k) => {
      const values = rows.map((row) => (row as Record<string, unknown>)[k] ?? null);
      return sql`${sql.param(values)}::${sql.raw(`${column(k).getSQLType()}[]`)}`;
    }),
    sql`, `,
  );
  const back =
    returning.length > 0 ? sql` returning ${sql.raw(returning.map((k) => `"${column(k).name}"`).join(", "))}` : sql``;
  const result = await tx.execute<Record<string, unknown>>(
    sql`insert into ${table} (${names}) select * from unnest(${arrays})${back}`,
  );
  return result.rows.map((row) => Object.fromEntries(returning.map((k) => [k, row[column(k).name]]))) as Pick<
    TTable["$inferSelect"],
    TKey
  >[];
}

async function writePlan(tx: Tx, plan: Plan): Promise<SeedResult> {
  // People: the admin first, since the landlords' approvals point at it. Accounts that already
  // exist (an e-mail registered before the seed ran) are kept as they are.
  const insertedAdmin = await tx.insert(users).values(plan.admin.row).onConflictDoNothing().returning({ id: users.id });
  const [adminRow] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(sql`lower(${users.email})`, plan.admin.row.email.toLowerCase()));
  if (!adminRow) throw new Error("seed: the admin account is missing");
  const insertedOthers = await tx
    .insert(users)
    .values(plan.people.map((p) => ({ ...p.row, approvedBy: p.approvedByAdmin ? adminRow.id : null })))
    .onConflictDoNothing()
    .returning({ id: users.id, email: users.email });
  // System Logs start with the approvals the demo admin made, on the days they were made.
  const adminLabel = auditLabel(plan.admin.row);
  const approvals = plan.people.flatMap((p) => {
    const created = insertedOthers.find((u) => u.email.toLowerCase() === p.row.email.toLowerCase());
    if (!created || !p.approvedByAdmin || !p.row.approvedAt) return [];
    const name = `${p.row.firstName} ${p.row.lastName}`;
    return [
      {
        type: "success" as const,
        action: "landlord.approved" as const,
        message: `Approved ${name} as a landlord`,
        actorId: adminRow.id,
        actorLabel: adminLabel,
        subjectUserId: created.id,
        subjectLabel: auditLabel(p.row),
        targetType: "user" as const,
        targetId: String(created.id),
        createdAt: p.row.approvedAt,
      },
    ];
  });
  if (approvals.length > 0) await tx.insert(auditLogs).values(approvals);
  const emails = [plan.admin.row.email, ...plan.people.map((p) => p.row.email)].map((e) => e.toLowerCase());
  const found = await tx
    .select({ id: users.id, email: users.email })
    .from(users)
    .where(inArray(sql`lower(${users.email})`, emails));
  const idByEmail = new Map(found.map((u) => [u.email.toLowerCase(), u.id]));
  const personRowOf = (key: string) => {
    const person = key === "admin" ? plan.admin : plan.people.find((p) => p.key === key);
    if (!person) throw new Error(`seed: no person ${key}`);
    return person.row;
  };
  const userId = (key: string) => {
    const id = idByEmail.get(personRowOf(key).email.toLowerCase());
    if (id === undefined) throw new Error(`seed: no user for ${key}`);
    return id;
  };

  // Listings: the four samples keep ids 1 to 4; the sequence moves past them before the rest.
  const samples = plan.propertyRows.filter((p) => p.row.id !== undefined);
  const rest = plan.propertyRows.filter((p) => p.row.id === undefined);
  const withOwner = (p: (typeof plan.propertyRows)[number]) => ({ ...p.row, ownerId: userId(p.owner) });
  const resetSequence = () =>
    tx.execute(sql`select setval(pg_get_serial_sequence('properties', 'id'), (select max(id) from properties))`);
  const insertedSamples = await tx
    .insert(properties)
    .values(samples.map(withOwner))
    .returning({ id: properties.id, slug: properties.slug });
  await resetSequence();
  const insertedRest = await tx
    .insert(properties)
    .values(rest.map(withOwner))
    .returning({ id: properties.id, slug: properties.slug });
  await resetSequence();
  const propertyId = new Map([...insertedSamples, ...insertedRest].map((p) => [p.slug, p.id]));
  const pid = (slug: string) => {
    const id = propertyId.get(slug);
    if (id === undefined) throw new Error(`seed: no property ${slug}`);
    return id;
  };

  await insertMany(
    tx,
    propertyPhotos,
    plan.photoRows.map((p) => ({ ...p.row, propertyId: pid(p.slug) })),
  );
  await insertMany(
    tx,
    propertyAmenities,
    plan.amenityRows.map((a) => ({ ...a.row, propertyId: pid(a.slug) })),
  );
  // The trigger recorded each listing's price from its listing; the reduced ones get their real history instead.
  const reduced = [...new Set(plan.priceHistory.map((h) => pid(h.slug)))];
  if (reduced.length > 0)
    await tx.delete(propertyPriceChanges).where(inArray(propertyPriceChanges.propertyId, reduced));
  await insertMany(
    tx,
    propertyPriceChanges,
    plan.priceHistory.map((h) => ({ ...h.row, propertyId: pid(h.slug) })),
  );
  // Check lists differ in length, which the column-wise bulk insert cannot carry: a plain insert, for a few rows.
  if (plan.verifications.length > 0) {
    await tx
      .insert(propertyVerifications)
      .values(plan.verifications.map((v) => ({ ...v.row, propertyId: pid(v.slug), verifiedBy: adminRow.id })));
  }

  // Stays and their payments.
  const insertedBookings = await insertMany(
    tx,
    bookings,
    plan.plannedBookings.map((b) => ({
      propertyId: pid(b.slug),
      guestId: userId(b.guestKey),
      checkIn: b.checkIn,
      checkOut: b.checkOut,
      totalPrice: money(b.totalPrice),
      serviceFee: money(b.totalPrice - b.nights * b.pricePerNight),
      status: b.status,
      guestCount: b.guestCount,
      createdAt: b.createdAt,
      // A request waits at most 48 hours for its landlord: seeded ones were made within the last day.
      ...(b.status === "pending" && pendingRequestTimes(b.createdAt)),
      ...(b.status === "cancelled" && guestCancellation(b.createdAt, money(b.totalPrice))),
    })),
    ["id", "propertyId", "checkIn", "guestId"],
  );
  const bookingKey = (propertyIdValue: number, checkIn: string, guestId: number) =>
    `${propertyIdValue}|${checkIn}|${guestId}`;
  const bookingId = new Map(insertedBookings.map((b) => [bookingKey(b.propertyId, b.checkIn, b.guestId), b.id]));
  if (bookingId.size !== insertedBookings.length)
    throw new Error("seed: two stays share a property, guest and arrival");
  const idOf = (b: PlannedBooking) => {
    const id = bookingId.get(bookingKey(pid(b.slug), b.checkIn, userId(b.guestKey)));
    if (id === undefined) throw new Error("seed: booking id not found");
    return id;
  };
  const paid = plan.plannedBookings.filter((b) => b.status === "confirmed" || b.status === "completed");
  await insertMany(
    tx,
    payments,
    paid.map((b) => ({
      bookingId: idOf(b),
      amount: money(b.totalPrice),
      currency: "gbp",
      status: "succeeded" as const,
      createdAt: new Date(b.createdAt.getTime() + 4 * 60_000),
    })),
  );

  await insertMany(
    tx,
    reviews,
    plan.reviewPlans.map(({ booking, row }) => ({
      ...row,
      propertyId: pid(booking.slug),
      bookingId: idOf(booking),
      guestId: userId(booking.guestKey),
    })),
  );
  // Ratings are computed from the reviews, never typed in.
  await tx.execute(sql`
    update properties p
       set rating = s.avg_rating, review_count = s.review_count
      from (select property_id, round(avg(rating)::numeric, 2) as avg_rating, count(*)::int as review_count
              from reviews
             where is_public
             group by property_id) s
     where p.id = s.property_id`);

  await insertMany(
    tx,
    savedProperties,
    plan.saved.map((s) => ({ userId: userId(s.userKey), propertyId: pid(s.slug), createdAt: s.createdAt })),
  );
  // Pricing rules hold an integer[] column, which unnest would flatten: a plain multi-row insert.
  await tx.insert(pricingRules).values(plan.pricing.map((r) => ({ ...r.row, propertyId: pid(r.slug) })));
  await insertMany(
    tx,
    availability,
    plan.blocked.map((b) => ({ propertyId: pid(b.slug), date: b.date, status: "blocked" as const, notes: b.notes })),
  );
  const titles = new Map(plan.propertyRows.map((p) => [p.slug, p.row.title]));
  await writeManagement(tx, plan.management, {
    userId,
    name: (key) => sentenceName(personRowOf(key)),
    label: (key) => auditLabel(personRowOf(key)),
    propertyId: pid,
    propertyTitle: (slug) => titles.get(slug) ?? slug,
    bookingId: idOf,
  });
  await writeConversations(tx, plan.conversations, { userId, propertyId: pid, bookingId: idOf });
  await insertMany(
    tx,
    propertyMetrics,
    plan.metrics.map((m) => ({ ...m.row, propertyId: pid(m.slug) })),
  );

  return {
    seeded: true,
    users: insertedAdmin.length + insertedOthers.length,
    properties: insertedSamples.length + insertedRest.length,
    bookings: insertedBookings.length,
  };
}

/** The demo accounts, for tests and the README. */
export { DEMO_ACCOUNTS, DEMO_PASSWORD };
