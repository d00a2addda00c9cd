import { type AllInOptions, allInNightlyPence, SERVICE_FEE_PERCENT, SERVICE_FEE_RATE } from "./all-in";
import { dayOfWeek, nightsOf } from "./calendar-dates";

export {
  ALL_IN_LABEL,
  type AllInOptions,
  allInNightlyPence,
  allInNightlyText,
  nightServiceFeePence,
  SERVICE_FEE_PERCENT,
  SERVICE_FEE_RATE,
} from "./all-in";

/**
 * The price of a stay: shared so the browser can explain a quote, but only the server's
 * figure is ever charged. Money is whole pence throughout; pounds appear only at the edges.
 */

/** A row of `pricing_rules`, with money in pence and the modifier as a percentage. */
export type PricingRule = {
  id: number;
  startDate: string | null;
  endDate: string | null;
  /** 0 = Sunday … 6 = Saturday; null or empty: every day. */
  daysOfWeek: number[] | null;
  minStayLength: number | null;
  maxStayLength: number | null;
  /** +15 raises the base price by 15%; -10 lowers it by 10%. Ignored when fixedPricePence is set. */
  priceModifierPercent: number | null;
  fixedPricePence: number | null;
  isActive: boolean;
  priority: number;
};

export type NightPrice = { date: string; pence: number; ruleId: number | null };
export type StayPrice = {
  nights: number;
  nightly: NightPrice[];
  subtotalPence: number;
  serviceFeePence: number;
  totalPence: number;
};

/**
 * A struck-through "was" price must be one the listing really charged: a nightly price it was offered at for at least
 * REFERENCE_PRICE_MIN_DAYS days in a row, some of them within the last REFERENCE_PRICE_WINDOW_DAYS days, shown only
 * while higher than today's. A price held for an hour cannot serve as one.
 */
export const REFERENCE_PRICE_WINDOW_DAYS = 30;
export const REFERENCE_PRICE_MIN_DAYS = 7;

/** The guest's service fee: 10% of the nights' total, rounded to whole pounds. */
export function serviceFeePence(subtotalPence: number): number {
  return Math.round((subtotalPence * SERVICE_FEE_RATE) / 100) * 100;
}

/**
 * The per-night all-in figure of a stay whose nights all cost the same: the figure its card and listing show, which
 * the quote's first line repeats before the stay's total. The total is the nights plus the whole-pound fee on them, so
 * it may differ from nights × this figure by under 50p. Null when nights differ or there are none (a tenancy). With
 * `leviedNights`, the levy is in the figure of those nights only.
 */
export function uniformAllInNightlyPence(
  nightly: ReadonlyArray<{ date?: string; pence: number }>,
  options: AllInOptions & { leviedNights?: readonly string[] } = {},
): number | null {
  // A levy that reaches only some nights (Edinburgh's first five) makes their all-in figures differ from the rest.
  const levied = new Set(options.leviedNights ?? []);
  const figures = nightly.map((night) =>
    allInNightlyPence(night.pence, {
      levyPercent: !options.leviedNights || levied.has(night.date ?? "") ? options.levyPercent : 0,
    }),
  );
  const [first] = figures;
  if (first === undefined || figures.some((figure) => figure !== first)) return null;
  return first;
}

/**
 * The highest nightly price whose all-in price is at most `maxAllInPence`. The all-in price rises with the nightly
 * price, so "all-in at most £X" is exactly "nightly price at most this", which the search's price index can answer.
 */
export function maxNightlyForAllInPence(maxAllInPence: number, options: AllInOptions = {}): number {
  let pence = Math.floor((maxAllInPence * 100) / (100 + SERVICE_FEE_PERCENT + (options.levyPercent ?? 0)));
  while (pence > 0 && allInNightlyPence(pence, options) > maxAllInPence) pence -= 1;
  while (allInNightlyPence(pence + 1, options) <= maxAllInPence) pence += 1;
  return Math.max(pence, 0);
}

/**
 * The most one booking may cost, in pounds. Stripe charges at most £999,999.99 in one payment (8 digits of
 * pence), and bookings.total_price is numeric(10,2); a dear nightly rate, a steep pricing rule and a long stay
 * can pass both, so the quote and the booking refuse such a stay instead of failing at the database or card.
 */
export const MAX_BOOKING_TOTAL = 999_999.99;
export const MAX_BOOKING_TOTAL_PENCE = Math.round(MAX_BOOKING_TOTAL * 100);

/** Why a stay over MAX_BOOKING_TOTAL cannot be booked (the quote's reason and the booking's 400). */
export const OVER_BOOKING_TOTAL =
  "This stay costs more than can be booked online (£999,999.99). Please choose fewer nights.";

function applies(rule: PricingRule, night: string, stayNights: number): boolean {
  return (
    rule.isActive &&
    (rule.startDate === null || night >= rule.startDate) &&
    (rule.endDate === null || night <= rule.endDate) &&
    (!rule.daysOfWeek?.length || rule.daysOfWeek.includes(dayOfWeek(night))) &&
    (rule.minStayLength === null || stayNights >= rule.minStayLength) &&
    (rule.maxStayLength === null || stayNights <= rule.maxStayLength)
  );
}

/** The rule that prices a night: the applicable one with the highest priority; on a tie, the older (lower id). */
export function winningRule(rules: readonly PricingRule[], night: string, stayNights: number): PricingRule | null {
  let winner: PricingRule | null = null;
  for (const rule of rules) {
    if (!applies(rule, night, stayNights)) continue;
    if (!winner || rule.priority > winner.priority || (rule.priority === winner.priority && rule.id < winner.id)) {
      winner = rule;
    }
  }
  return winner;
}

function nightPence(basePence: number, rule: PricingRule | null): number {
  if (!rule) return basePence;
  if (rule.fixedPricePence !== null) return rule.fixedPricePence;
  const modifier = rule.priceModifierPercent ?? 0;
  return Math.max(0, Math.round((basePence * (100 + modifier)) / 100));
}

/** Prices every night of the stay from the rules, else the base price, and adds the service fee. */
export function priceStay(input: {
  basePricePence: number;
  rules: readonly PricingRule[];
  checkIn: string;
  checkOut: string;
}): StayPrice {
  const dates = nightsOf(input.checkIn, input.checkOut);
  const nightly = dates.map((date) => {
    const rule = winningRule(input.rules, date, dates.length);
    return { date, pence: nightPence(input.basePricePence, rule), ruleId: rule?.id ?? null };
  });
  const subtotalPence = nightly.reduce((sum, night) => sum + night.pence, 0);
  const fee = serviceFeePence(subtotalPence);
  return { nights: dates.length, nightly, subtotalPence, serviceFeePence: fee, totalPence: subtotalPence + fee };
}

/** "245.50" (a numeric column) to 24550 pence, without floating-point drift. */
export function poundsToPence(pounds: string | number): number {
  return Math.round(Number(pounds) * 100);
}

/** 24550 pence to 245.5 pounds, for JSON answers. */
export function penceToPounds(pence: number): number {
  return pence / 100;
}
