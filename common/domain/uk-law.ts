import { addDays, nightsOf } from "./calendar-dates";

/**
 * The UK rules the marketplace follows, each with the day it takes effect, so a quote or a listing for a stay before
 * a rule's day follows the law of that day and one after it the new law. Every rule that changes what is charged,
 * shown or required is named here once; the code that applies it asks `inForce` with the day that matters for it
 * (a night, a check-in, the day something is shown).
 *
 * From public sources; guidance, not legal advice. A rule that changes again gets a new entry with its own date
 * rather than an edited one, so stays already quoted keep the law they were quoted under.
 */
export type LawRule = {
  /** What the rule requires, in a sentence a landlord or guest can read. */
  summary: string;
  /** Where it applies. */
  where: "England" | "Scotland" | "Wales" | "United Kingdom" | "City of Edinburgh";
  /** The first day it applies (YYYY-MM-DD, UK time). */
  inForceFrom: string;
  source: string;
};

export const UK_RULES = {
  allInPrices: {
    summary:
      "The first price shown for a stay includes every fee the guest must pay and every local levy; optional extras may be added later.",
    where: "United Kingdom",
    inForceFrom: "2025-04-06",
    source: "Digital Markets, Competition and Consumers Act 2024, Schedule 20 (drip pricing)",
  },
  periodicTenancies: {
    summary:
      "Assured tenancies are periodic with monthly (or shorter) rent periods and no fixed term; the tenant may leave on two months' notice; at most one month's rent may be taken in advance, and only once the tenancy is agreed; the rent is advertised and no offer above it may be invited or accepted.",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Renters' Rights Act 2025, Part 1 (in force 1 May 2026)",
  },
  tenancyDepositCap: {
    summary:
      "A tenancy deposit is at most five weeks' rent where the annual rent is below £50,000, and six weeks' rent otherwise.",
    where: "England",
    inForceFrom: "2019-06-01",
    source: "Tenant Fees Act 2019, Schedule 1, paragraph 2",
  },
  depositProtection: {
    summary:
      "A landlord who takes a deposit for an assured shorthold or assured tenancy protects it in a government-approved scheme and gives the tenant the prescribed information within 30 days of receiving it.",
    where: "England",
    inForceFrom: "2012-04-06",
    source: "Housing Act 2004, sections 213 to 215 (30 days since the Localism Act 2011)",
  },
  rentIncreaseOncePerYear: {
    summary:
      "Rent goes up only by a Section 13 notice: at least two months' notice, the new rent starting at the beginning of a rent period, not within 52 weeks of the tenancy's start nor of the last increase taking effect. Before this day a monthly tenancy's notice was one month.",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Housing Act 1988, section 13, as amended by the Renters' Rights Act 2025, section 6",
  },
  petRequests: {
    summary:
      "A tenant may ask in writing to keep a pet; the landlord answers within 28 days and may refuse only with a reason.",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Renters' Rights Act 2025, Part 1 (a tenant's request to keep a pet)",
  },
  noBanOnChildrenOrBenefits: {
    summary:
      "A landlord may not refuse, or say they will refuse, to let to someone because they have children living with them or receive benefits (no 'No DSS', 'No children' or 'Professionals only').",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Renters' Rights Act 2025, Part 1 (discrimination relating to children and benefits)",
  },
  writtenStatementOfTerms: {
    summary:
      "Before an assured tenancy is entered into, the landlord gives the tenant a written statement of its terms (civil penalty up to £7,000).",
    where: "England",
    inForceFrom: "2026-05-01",
    source: "Renters' Rights Act 2025, Part 1 (written statement of terms before the tenancy is entered into)",
  },
  scottishShortLetLicence: {
    summary:
      "Every short let in Scotland needs a licence from its council; the listing shows the licence number, the maximum occupancy and the EPC rating.",
    where: "Scotland",
    inForceFrom: "2023-10-01",
    source: "Civic Government (Scotland) Act 1982 (Licensing of Short-term Lets) Order 2022",
  },
  edinburghVisitorLevy: {
    summary:
      "A visitor levy of 5% of the accommodation price on each of the first 5 nights of a stay, for nights from 24 July 2026.",
    where: "City of Edinburgh",
    inForceFrom: "2026-07-24",
    source: "Visitor Levy (Scotland) Act 2024; City of Edinburgh Council visitor levy scheme",
  },
  welshVisitorRegistration: {
    summary: "Providers of visitor accommodation in Wales must be registered and show their registration number.",
    where: "Wales",
    inForceFrom: "2026-10-01",
    source: "Visitor Accommodation (Register and Levy) Etc. (Wales) Act 2025",
  },
} as const satisfies Record<string, LawRule>;

export type UkRuleName = keyof typeof UK_RULES;

/** Whether a rule applies on a day (YYYY-MM-DD). */
export function inForce(rule: UkRuleName, day: string): boolean {
  return day >= UK_RULES[rule].inForceFrom;
}

/** Edinburgh's levy: this share of the accommodation price of a levied night. */
export const EDINBURGH_LEVY_PERCENT = 5;
/** Only the first this many nights of a stay are levied, however long it is. */
export const EDINBURGH_LEVY_MAX_NIGHTS = 5;

/**
 * The visitor levy on a stay's nights in pence: 5% of each of the first five nights' accommodation price that falls on
 * or after the levy's first day, rounded once on the total. Nothing outside Edinburgh.
 */
export function edinburghLevyPence(
  nightly: ReadonlyArray<{ date: string; pence: number }>,
  options: { inEdinburgh: boolean },
): number {
  if (!options.inEdinburgh) return 0;
  const levied = nightly
    .slice(0, EDINBURGH_LEVY_MAX_NIGHTS)
    .filter((night) => inForce("edinburghVisitorLevy", night.date))
    .reduce((sum, night) => sum + night.pence, 0);
  return Math.round((levied * EDINBURGH_LEVY_PERCENT) / 100);
}

/** The nights of a stay its levy counts (for the quote's explanation): the first five on or after the levy's day. */
export function leviedNights(checkIn: string, checkOut: string, options: { inEdinburgh: boolean }): string[] {
  if (!options.inEdinburgh) return [];
  return nightsOf(checkIn, checkOut)
    .slice(0, EDINBURGH_LEVY_MAX_NIGHTS)
    .filter((night) => inForce("edinburghVisitorLevy", night));
}

// ---------------------------------------------------------------------------------------------------------------
// Where a listing is, legally: the nation decides which licence or registration it needs, and the council area
// whether a visitor levy is charged.

export const UK_NATIONS = ["England", "Scotland", "Wales", "Northern Ireland"] as const;
export type UkNation = (typeof UK_NATIONS)[number];

/** Council areas that charge a visitor levy the marketplace collects. */
export const LEVY_AREAS = ["city_of_edinburgh"] as const;
export type LevyArea = (typeof LEVY_AREAS)[number];
export const LEVY_AREA_LABELS: Record<LevyArea, string> = { city_of_edinburgh: "City of Edinburgh" };

/** The first UK postcode written in a text (an address line ends with one), in capitals with one space. */
export function postcodeIn(text: string | null | undefined): string | null {
  const match = /\b([A-Z]{1,2}\d[A-Z\d]?) ?(\d[A-Z]{2})\b/i.exec(text ?? "");
  return match ? `${match[1]} ${match[2]}`.toUpperCase() : null;
}

const SCOTTISH_AREAS = new Set([
  "AB",
  "DD",
  "DG",
  "EH",
  "FK",
  "G",
  "HS",
  "IV",
  "KA",
  "KW",
  "KY",
  "ML",
  "PA",
  "PH",
  "ZE",
]);
const WELSH_AREAS = new Set(["CF", "LL", "SA"]);
/**
 * Areas whose districts straddle a border: TD (Berwick and Cornhill are in England), SY and CH (Shrewsbury and
 * Chester are in England, Newtown and Deeside in Wales), HR, LD and NP (Knighton, Presteigne, Monmouth's edges): the
 * landlord chooses.
 */
const BORDER_AREAS = new Set(["TD", "SY", "CH", "HR", "LD", "NP"]);

/** The nation a postcode's area lies in, or null when the area crosses a border or the postcode is unreadable. */
export function nationOfPostcode(postcode: string | null | undefined): UkNation | null {
  const found = postcodeIn(postcode);
  if (!found) return null;
  const area = /^[A-Z]+/.exec(found)?.[0] ?? "";
  if (BORDER_AREAS.has(area)) return null;
  if (area === "BT") return "Northern Ireland";
  if (SCOTTISH_AREAS.has(area)) return "Scotland";
  if (WELSH_AREAS.has(area)) return "Wales";
  return "England";
}

/**
 * The levy area a postcode places a listing in: EH1 to EH17 lie within the City of Edinburgh; the other EH districts
 * are mostly Lothian councils (and EH28 to EH30 partly the city), so for them, as for any postcode outside EH, the
 * suggestion is none and the landlord says.
 */
export function levyAreaOfPostcode(postcode: string | null | undefined): LevyArea | null {
  const district = /^EH(\d+)\s/.exec(postcodeIn(postcode) ?? "");
  return district && Number(district[1]) >= 1 && Number(district[1]) <= 17 ? "city_of_edinburgh" : null;
}

/**
 * A Scottish short-let licence number. The national guidance leaves the register's number format to each council;
 * the numbers councils issue read as the council's letters, a serial and a letter for the kind of letting (Edinburgh
 * "EH-12345-F", Highland "HI-123456-F"). Only that shape is checked here, not that the council issued the number.
 */
export const SCOTTISH_LICENCE_PATTERN = /^[A-Z]{2,3}-\d{4,6}-[A-Z]$/;
export const SCOTTISH_LICENCE_MESSAGE =
  'Enter the short-let licence number as your council issued it, for example "EH-12345-F"';

/**
 * A Welsh visitor accommodation registration number. The Welsh Revenue Authority keeps the register and had not
 * published the numbers' format when this was written, so only a plausible reference is checked: 6 to 20 capital
 * letters and digits, optionally in groups joined by hyphens.
 */
export const WELSH_REGISTRATION_PATTERN = /^(?=.{6,20}$)[A-Z0-9]+(?:-[A-Z0-9]+)*$/;
export const WELSH_REGISTRATION_MESSAGE =
  "Enter the registration number the Welsh Revenue Authority gave you: letters and digits, hyphens between groups";

export type ListingPlace = {
  nation: UkNation;
  levyArea: LevyArea | null;
  shortLetOffered: boolean;
  shortLetLicenceNumber: string | null;
  welshRegistrationNumber: string | null;
};
export type ListingLawProblem = {
  field: "nation" | "levyArea" | "shortLetLicenceNumber" | "welshRegistrationNumber";
  message: string;
};

/**
 * What a listing's place asks of it when the landlord saves it: a licence number for a Scottish listing that offers
 * short lets, the levy area only in its nation, and each number only where its law applies. A Welsh listing may be
 * saved without its registration number; it then takes no bookings for nights the registration is needed on.
 */
export function listingLawProblems(place: ListingPlace, today: string): ListingLawProblem[] {
  const problems: ListingLawProblem[] = [];
  if (place.levyArea === "city_of_edinburgh" && place.nation !== "Scotland") {
    problems.push({
      field: "levyArea",
      message: "The City of Edinburgh is in Scotland: choose Scotland as the nation",
    });
  }
  if (place.nation === "Scotland" && place.shortLetOffered && inForce("scottishShortLetLicence", today)) {
    if (!place.shortLetLicenceNumber) {
      problems.push({
        field: "shortLetLicenceNumber",
        message: "A short let in Scotland needs the council's licence number: enter it, or stop offering short lets",
      });
    }
  }
  if (place.shortLetLicenceNumber && place.nation !== "Scotland") {
    problems.push({
      field: "shortLetLicenceNumber",
      message: "A short-let licence number is for listings in Scotland",
    });
  }
  if (place.welshRegistrationNumber && place.nation !== "Wales") {
    problems.push({
      field: "welshRegistrationNumber",
      message: "A visitor registration number is for listings in Wales",
    });
  }
  return problems;
}

/** The guest-facing reason a Welsh listing without its registration cannot take this stay, or null. */
export function welshRegistrationReason(
  listing: { nation: string | null; welshRegistrationNumber: string | null },
  checkIn: string,
  checkOut: string,
): string | null {
  if (listing.nation !== "Wales" || listing.welshRegistrationNumber) return null;
  const nights = nightsOf(checkIn, checkOut);
  const last = nights[nights.length - 1];
  if (!last || !inForce("welshVisitorRegistration", last)) return null;
  return "This Welsh listing cannot take stays from 1 October 2026 until its host adds their visitor accommodation registration number.";
}

/**
 * The share of a night's accommodation price that a local levy adds to it, in percent: Edinburgh's 5 on a night the
 * levy is in force, else 0. The all-in figure of one night (cards, the listing's header, the quote's first line).
 */
export function levyPercentOn(levyArea: LevyArea | null, night: string): number {
  return levyArea === "city_of_edinburgh" && inForce("edinburghVisitorLevy", night) ? EDINBURGH_LEVY_PERCENT : 0;
}

/** The calendar quarter a night falls in, as a levy return groups it: "2026-Q3". */
export function levyQuarterOf(night: string): string {
  const month = Number(night.slice(5, 7));
  return `${night.slice(0, 4)}-Q${Math.ceil(month / 3)}`;
}

/** How a quote, a booking and a receipt name Edinburgh's levy. */
export const EDINBURGH_LEVY_LABEL = "Edinburgh visitor levy";

/**
 * The visitor levy on a stay priced night by night, with the nights it counts; null where the listing is outside a
 * levy area or no night is levied (all before the levy's first day).
 */
export function stayLevy(
  nightly: ReadonlyArray<{ date: string; pence: number }>,
  listing: { levyArea: LevyArea | null },
): { nights: string[]; pence: number } | null {
  const inEdinburgh = listing.levyArea === "city_of_edinburgh";
  const pence = edinburghLevyPence(nightly, { inEdinburgh });
  const first = nightly[0]?.date;
  const end = nightly.length > 0 ? nightly[nightly.length - 1]?.date : undefined;
  if (pence === 0 || !first || !end) return null;
  const checkOut = addDays(end, 1);
  return { nights: leviedNights(first, checkOut, { inEdinburgh }), pence };
}
