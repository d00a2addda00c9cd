import { PERIODIC_MIN_TENANCY_MONTHS } from "../../common/domain/periodic-tenancy";
import { minimumTenancyTermAllowed } from "../../common/domain/periodic-terms";
import { LONDON_BOROUGHS } from "../../common/domain/property-options";
import { countedNightsByYear, LONDON_SHORT_LET_LIMIT } from "../../common/domain/short-let-ledger";
import { levyAreaOfPostcode, nationOfPostcode } from "../../common/domain/uk-law";
import { LONDON_PROPERTIES, SAMPLE_PROPERTIES } from "./seed-data/properties-london";
import { UK_PROPERTIES } from "./seed-data/properties-uk";
import type { SeedProperty } from "./seed-data/types";
import { addDays, money, type Random, type Stamp } from "./seed-kit";

/**
 * The demo's listings: the four samples, the rest of London and the wider UK, each listed some days before `today`
 * and open from a day after that. The records that follow from a listing's history (its short-let permission, its
 * price reduction and the admin's visit) are planned here too, once the stays are known.
 */

/** What each later step of the demo plan starts from: the day, the random stream, the clock, and the listings planned. */
export type ListingPlan = { today: string; rnd: Random; stamp: Stamp; listings: readonly PlannedProperty[] };

export type PlannedProperty = SeedProperty & {
  createdDay: string;
  availableFrom: string;
  monthly: number;
};

export function planListings({ today, rnd, stamp }: { today: string; rnd: Random; stamp: Stamp }) {
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
    // Every demo postcode lies clearly inside one nation and, in Edinburgh, inside the city.
    const nation = nationOfPostcode(p.postcode) ?? ("England" as const);
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
      nation,
      levyArea: levyAreaOfPostcode(p.postcode),
      shortLetLicenceNumber: p.licence ?? null,
      welshRegistrationNumber: p.welshRegistration ?? null,
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
      // England's tenancies are periodic from 1 May 2026: no minimum beyond the first month, and no longest term.
      minTenancyMonths: minimumTenancyTermAllowed(nation, today) ? minTenancyMonths : PERIODIC_MIN_TENANCY_MONTHS,
      maxTenancyMonths: null,
      // A home rated F or G is let on a tenancy only with a registered exemption, which no demo listing has.
      tenancyOffered: p.epc !== "F" && p.epc !== "G",
      epcRating: p.epc,
      councilTaxBand: p.councilTax,
      features: p.features,
      tenantPreferences: {
        petsAllowed: p.pets ?? false,
        smokingAllowed: false,
        // Turning away tenants on benefits is unlawful since 1 May 2026: a listing may only say they are welcome.
        ...(minTenancyMonths >= 6 ? { dssAccepted: true } : {}),
        studentsAccepted: p.students ?? false,
      },
      // The listing's own pets answer, which searches and quotes read; the preference above mirrors it.
      petsAllowed: p.pets ?? false,
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
  return { listings, propertyRows };
}

export type PropertyRows = ReturnType<typeof planListings>["propertyRows"];

type CountedStay = { slug: string; status: string; checkIn: string; checkOut: string };

/**
 * Busy London homes are let short beyond the yearly limit, which only planning permission allows: the demo records it
 * for them (as serviced apartments have), and the quieter ones show their count towards the limit.
 */
export function recordShortLetPermissions(propertyRows: PropertyRows, stays: readonly CountedStay[]): void {
  const counted = new Map<string, Map<number, number>>();
  for (const b of stays) {
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
}

/**
 * A listing with a "was" price was offered at it from its listing until ten days ago, then reduced: its history,
 * not a typed-in figure, is what the struck-through price is read from.
 */
export function planPriceHistory({
  today,
  stamp,
  listings,
  propertyRows,
}: Pick<ListingPlan, "today" | "stamp" | "listings"> & { propertyRows: PropertyRows }) {
  return listings.flatMap((p, i) => {
    if (p.was === undefined) return [];
    const listedAt = propertyRows[i]?.row.createdAt ?? stamp(p.createdDay, 9 * 60);
    const reducedAt = stamp(addDays(today, -10), 11 * 60);
    if (reducedAt.getTime() - listedAt.getTime() < 14 * 86_400_000) return [];
    return [
      { slug: p.slug, row: { pricePerNight: money(p.was), effectiveFrom: listedAt } },
      { slug: p.slug, row: { pricePerNight: money(p.nightly), effectiveFrom: reducedAt } },
    ];
  });
}

/**
 * The demo admin has visited every third active listing (those listed over a fortnight ago) and recorded what was
 * checked: only these show Verified.
 */
export function planVerifications({ today, stamp, listings }: Pick<ListingPlan, "today" | "stamp" | "listings">) {
  return listings.flatMap((p, i) => {
    const listedDay = p.createdDay;
    if ((p.isActive ?? true) === false || i % 3 !== 0 || listedDay > addDays(today, -14)) return [];
    const checks = ["visited", "photos_match", "host_identity", ...(i % 2 === 0 ? ["safety_certificates"] : [])];
    return [{ slug: p.slug, row: { checks, verifiedAt: stamp(addDays(listedDay, 5), 14 * 60 + i) } }];
  });
}

const TERMS = {
  flexible:
    "Check-in from 3pm, check-out by 11am. Free cancellation up to 24 hours before arrival. No parties or events; quiet hours are 10pm to 8am.",
  moderate:
    "Check-in from 3pm, check-out by 11am. Full refund for cancellations made at least 5 days before arrival, 50% afterwards. No smoking, no parties; quiet hours are 10pm to 8am.",
  strict:
    "Check-in from 4pm, check-out by 10am. 50% refund for cancellations made at least 14 days before arrival, none afterwards. A refundable security hold is taken at check-in. No smoking, no parties or events.",
} as const;
