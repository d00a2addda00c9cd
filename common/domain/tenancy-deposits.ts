import { addDays } from "./calendar-dates";
import { annualRentPence, DEPOSIT_WEEKS_WORDS, depositCapPence, depositCapWeeks, formatPence } from "./stay-modes";
import { inForce, UK_RULES } from "./uk-law";

/**
 * A tenancy's deposit in England: the landlord protects it in one of the government-approved schemes and gives the
 * tenant the prescribed information within 30 days of receiving it. StayLondon never holds the money (the tenant pays
 * the landlord, who pays or registers it with the scheme), so these are facts the landlord records, not ledger lines.
 */
export const DEPOSIT_SCHEMES = ["dps", "tds", "mydeposits"] as const;
export type DepositScheme = (typeof DEPOSIT_SCHEMES)[number];

/** Each scheme as the tenant's documents name it, with where the tenant can look the deposit up. */
export const DEPOSIT_SCHEME_DETAILS: Record<DepositScheme, { name: string; website: string }> = {
  dps: { name: "Deposit Protection Service (DPS)", website: "www.depositprotection.com" },
  tds: { name: "Tenancy Deposit Scheme (TDS)", website: "www.tenancydepositscheme.com" },
  mydeposits: { name: "mydeposits", website: "www.mydeposits.co.uk" },
};

/** Days from receiving the deposit to protecting it and giving the prescribed information. */
export const PROTECTION_DEADLINE_DAYS = 30;
/** The landlord is reminded this many days after receipt while the deposit is still unprotected. */
export const PROTECTION_REMINDER_DAY = 20;

/**
 * A scheme's certificate or deposit reference as the landlord copies it: letters and digits, with dashes or slashes
 * between groups, 6 to 30 characters. The schemes' own formats differ and change, so only the shape is checked.
 */
export const CERTIFICATE_NUMBER_PATTERN = /^[A-Z0-9](?:[A-Z0-9]|[-/](?=[A-Z0-9])){5,29}$/;
export const CERTIFICATE_NUMBER_MESSAGE =
  "Enter the certificate number as the scheme gives it: 6 to 30 letters and digits (dashes or slashes between groups)";

/**
 * Why this deposit is above the legal cap for a tenancy at this monthly rent, or null. The cap applies to deposits
 * taken from the day the Tenant Fees Act's cap came in.
 */
export function depositAboveCapReason(
  depositPence: number,
  monthlyRentPence: number,
  receivedOn: string,
): string | null {
  if (!inForce("tenancyDepositCap", receivedOn)) return null;
  const cap = depositCapPence(monthlyRentPence);
  if (depositPence <= cap) return null;
  const weeks = depositCapWeeks(annualRentPence(monthlyRentPence));
  return `The deposit can be at most ${formatPence(cap)}: ${DEPOSIT_WEEKS_WORDS[weeks]} weeks' rent at ${formatPence(monthlyRentPence)} a month (${UK_RULES.tenancyDepositCap.source}).`;
}

export type DepositProtectionState =
  | { state: "protected"; dueOn: string; protectedOn: string }
  | { state: "due"; dueOn: string }
  | { state: "overdue"; dueOn: string };

/** The last day to protect a deposit received on `receivedOn`. */
export const protectionDueOn = (receivedOn: string) => addDays(receivedOn, PROTECTION_DEADLINE_DAYS);

/** Protected, due by its last day, or overdue (today is after the last day and nothing is recorded). */
export function depositProtectionState(
  deposit: { receivedOn: string; protectedOn: string | null },
  today: string,
): DepositProtectionState {
  const dueOn = protectionDueOn(deposit.receivedOn);
  if (deposit.protectedOn) return { state: "protected", dueOn, protectedOn: deposit.protectedOn };
  return today > dueOn ? { state: "overdue", dueOn } : { state: "due", dueOn };
}

export const DEPOSIT_STATE_LABELS: Record<DepositProtectionState["state"], string> = {
  protected: "Protected",
  due: "Protection due",
  overdue: "Protection overdue",
};
