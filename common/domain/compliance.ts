import { addCalendarMonths, addDays, formatDateGb, nightsBetween } from "./calendar-dates";
import { EPC_RATINGS } from "./property-options";
import { EPC_BANDS_NEEDING_EXEMPTION } from "./stay-modes";

/**
 * A landlord's safety certificates in England: which kinds there are, how long each lasts, which a listing needs and
 * when one stops a new booking. Shared by the server (expiry, reminders, the booking rule) and the pages that show it.
 */
export const CERTIFICATE_KINDS = ["gas_safety", "eicr", "epc", "hmo_licence", "selective_licence"] as const;
export type CertificateKind = (typeof CERTIFICATE_KINDS)[number];

type KindRule = {
  label: string;
  /** How long it lasts from the inspection or issue date; null: the expiry date is the one on the document. */
  validMonths: number | null;
  /** What the vault tells a landlord to upload when this one is missing or lapsed. */
  whatToUpload: string;
};

export const CERTIFICATE_RULES: Record<CertificateKind, KindRule> = {
  gas_safety: {
    label: "Gas safety certificate",
    validMonths: 12,
    whatToUpload: "a gas safety record (CP12) from a Gas Safe registered engineer, dated within the last 12 months",
  },
  eicr: {
    label: "Electrical safety report (EICR)",
    validMonths: 60,
    whatToUpload: "an Electrical Installation Condition Report from a qualified electrician, dated within 5 years",
  },
  epc: {
    label: "Energy Performance Certificate (EPC)",
    validMonths: 120,
    whatToUpload: "an Energy Performance Certificate issued within the last 10 years",
  },
  hmo_licence: {
    label: "HMO licence",
    validMonths: null,
    whatToUpload: "the HMO licence issued by the borough council, with its expiry date",
  },
  selective_licence: {
    label: "Selective licence",
    validMonths: null,
    whatToUpload: "the selective licence issued by the borough council, with its expiry date",
  },
};

/** A licence's expiry is the one the borough printed on it; the others follow from the inspection date. */
export const expiryIsAsIssued = (kind: CertificateKind) => CERTIFICATE_RULES[kind].validMonths === null;

/** The landlord's word on what the property has and which licences its borough asks for. */
export type ComplianceFacts = {
  /** Null until the landlord says: no gas certificate is asked for before then. */
  hasGasSupply: boolean | null;
  hmoLicenceApplies: boolean;
  selectiveLicenceApplies: boolean;
};

export const NO_COMPLIANCE_FACTS: ComplianceFacts = {
  hasGasSupply: null,
  hmoLicenceApplies: false,
  selectiveLicenceApplies: false,
};

/** The certificates a let needs: EICR and EPC always, gas only with a gas supply, a licence where one applies. */
export function requiredCertificateKinds(facts: ComplianceFacts): CertificateKind[] {
  return CERTIFICATE_KINDS.filter((kind) => {
    switch (kind) {
      case "gas_safety":
        return facts.hasGasSupply === true;
      case "hmo_licence":
        return facts.hmoLicenceApplies;
      case "selective_licence":
        return facts.selectiveLicenceApplies;
      default:
        return true;
    }
  });
}

/**
 * The last day a certificate is good for: the inspection date plus its months (a day the month lacks becomes the
 * month's last), or a licence's printed expiry.
 */
export function certificateExpiry(kind: CertificateKind, issuedOn: string, expiresOn?: string | null): string | null {
  const months = CERTIFICATE_RULES[kind].validMonths;
  if (months === null) return expiresOn ?? null;
  return addCalendarMonths(issuedOn, months);
}

/** Reminders go this many days before a certificate expires, each once. */
export const REMINDER_DAYS_BEFORE_EXPIRY = [60, 30, 7] as const;

/** The reminders whose day has come for a certificate expiring on `expiresOn`, seen on `today`; none once lapsed. */
export function remindersDue(expiresOn: string, today: string): number[] {
  const left = daysLeft(expiresOn, today);
  if (left < 0) return [];
  return REMINDER_DAYS_BEFORE_EXPIRY.filter((days) => left <= days);
}

/** Whole days from `today` to the expiry day; negative once it has passed. */
export const daysLeft = (expiresOn: string, today: string) =>
  expiresOn >= today ? nightsBetween(today, expiresOn) : -nightsBetween(expiresOn, today);

/** Valid through its expiry day; "expiring" within the first reminder's window; lapsed the day after. */
export type CertificateState = "valid" | "expiring" | "lapsed" | "missing";

export function certificateState(expiresOn: string | null, today: string): CertificateState {
  if (expiresOn === null) return "missing";
  if (expiresOn < today) return "lapsed";
  return expiresOn <= addDays(today, REMINDER_DAYS_BEFORE_EXPIRY[0]) ? "expiring" : "valid";
}

export const CERTIFICATE_STATE_LABELS: Record<CertificateState, string> = {
  valid: "Valid",
  expiring: "Expires soon",
  lapsed: "Expired",
  missing: "Not uploaded",
};

/** "Expires 1 November 2027", or "Expired 1 November 2026" beside a lapsed one's Expired badge. */
export const expiryText = (state: CertificateState, expiresOn: string) =>
  `${state === "lapsed" ? "Expired" : "Expires"} ${formatDateGb(expiresOn)}`;

/** An EPC rating the law lets a home be let on (E or better), or one needing a registered exemption (F, G). */
export const EPC_CERTIFICATE_RATINGS = EPC_RATINGS;
export const epcNeedsExemption = (rating: string | null) =>
  rating !== null && (EPC_BANDS_NEEDING_EXEMPTION as readonly string[]).includes(rating);

/** A required certificate that has lapsed: what stops new bookings, with the day it ran out. */
export type LapsedRequirement = { kind: CertificateKind; expiredOn: string };

/**
 * The required certificates that have lapsed. A certificate never uploaded is shown as missing to the landlord and
 * admins but does not stop bookings: listings made before the vault existed keep taking them.
 */
export function lapsedRequirements(
  facts: ComplianceFacts,
  latestExpiry: Partial<Record<CertificateKind, string>>,
  today: string,
): LapsedRequirement[] {
  return requiredCertificateKinds(facts).flatMap((kind) => {
    const expiredOn = latestExpiry[kind];
    return expiredOn !== undefined && expiredOn < today ? [{ kind, expiredOn }] : [];
  });
}

/** The 409's words to a guest, and the manage page's: which certificate ran out, and when. */
export function bookingsPausedReason(lapsed: readonly LapsedRequirement[]): string | null {
  if (lapsed.length === 0) return null;
  const names = lapsed.map((l) => `${CERTIFICATE_RULES[l.kind].label} expired on ${formatDateGb(l.expiredOn)}`);
  return `New bookings are paused until the landlord uploads a current certificate (${names.join("; ")}). Stays already booked go ahead.`;
}
