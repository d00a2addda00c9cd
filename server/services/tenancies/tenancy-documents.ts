import { createHash } from "node:crypto";
import { formatDateGb } from "../../../common/domain/calendar-dates";
import { formatPence } from "../../../common/domain/money-documents";
import { poundsToPence } from "../../../common/domain/pricing";
import {
  bookedMonthlyRentPence,
  PET_ANSWER_DAYS,
  STATEMENT_OF_TERMS_VERSION,
} from "../../../common/domain/tenant-rights";
import { UK_RULES } from "../../../common/domain/uk-law";
import { renderPdf } from "../../lib/pdf-document";
import { fullName } from "../../lib/person-names";
import type { TenancyRow } from "../../repositories/tenant-rights.repository";

const ISSUER = ["StayLondon", "Made on StayLondon for the landlord and tenant named below"];
const GUIDANCE =
  "Made by StayLondon from the listing and the tenancy as booked. Guidance from public sources, not legal advice.";

export const sha256Of = (pdf: Buffer) => createHash("sha256").update(pdf).digest("hex");

const landlordOf = (t: TenancyRow) => fullName({ firstName: t.owner_first_name, lastName: t.owner_last_name });
const tenantOf = (t: TenancyRow) => fullName({ firstName: t.guest_first_name, lastName: t.guest_last_name });
const addressOf = (t: TenancyRow) => [t.address, t.postcode].filter(Boolean).join(", ");

/**
 * The monthly rent the tenancy was agreed at: a periodic tenancy's stored rent, else (a fixed term) the month its
 * total was charged for.
 */
export function bookedRentOf(
  t: Pick<TenancyRow, "agreed_rent_pence" | "total_price" | "check_in" | "check_out">,
): number {
  if (t.agreed_rent_pence !== null) return t.agreed_rent_pence;
  return bookedMonthlyRentPence(poundsToPence(t.total_price), { checkIn: t.check_in, checkOut: t.check_out });
}

/**
 * The written statement of a tenancy's terms, from the listing and the booking as they stand. Dated by the booking,
 * so the same facts always give the same bytes (and hash): a changed listing gives a new statement to accept.
 */
export async function statementOfTermsPdf(t: TenancyRow): Promise<Buffer> {
  const deposit = t.deposit_amount ? formatPence(poundsToPence(t.deposit_amount)) : "None";
  return renderPdf({
    title: "Written statement of terms",
    number: `Version ${STATEMENT_OF_TERMS_VERSION}`,
    issuer: ISSUER,
    issuedAt: new Date(t.created_at),
    facts: [
      ["Landlord", landlordOf(t)],
      ["Tenant", tenantOf(t)],
      ["Home", `${t.title}, ${addressOf(t)}`],
      ["Kind of tenancy", "Assured periodic tenancy, monthly rent periods, no fixed term"],
      ["Tenancy begins", formatDateGb(t.check_in)],
      ["Rent", `${formatPence(bookedRentOf(t))} a month, due on the day of the month the tenancy began`],
      ["Deposit", deposit],
      ["Furnishing", t.furnishing_status.replace(/_/g, " ")],
      ["EPC rating", t.epc_rating ?? "Not given"],
      ["Booking reference", `#${t.id}`],
    ],
    notes: [
      "The tenant may end the tenancy by giving at least two months' notice in writing. The landlord may end it only on a ground the Housing Act 1988 allows, through the court.",
      "Rent may be increased only by a Section 13 notice, at most once in any 12 months, with at least two months' notice; the tenant may ask the First-tier Tribunal to decide the rent.",
      `The tenant may ask in writing to keep a pet. The landlord answers within ${PET_ANSWER_DAYS} days and may refuse only with a reason.`,
      "At most one month's rent is paid in advance, and only once the tenancy is agreed. A deposit is protected in a government-approved scheme within 30 days.",
      ...(t.terms_and_conditions ? [`The listing's own terms: ${t.terms_and_conditions}`] : []),
    ],
    tables: [],
    footer: [GUIDANCE, `Source: ${UK_RULES.writtenStatementOfTerms.source}.`],
  });
}

/** The notice of a new rent a landlord serves, kept byte for byte as served. */
export function rentIncreaseNoticePdf(
  t: TenancyRow,
  notice: { currentPence: number; newPence: number; startsOn: string; servedOn: string; servedAt: Date },
): Promise<Buffer> {
  return renderPdf({
    title: "Notice proposing a new rent",
    number: "Section 13(2), Housing Act 1988",
    issuer: ISSUER,
    issuedAt: notice.servedAt,
    facts: [
      ["To the tenant", tenantOf(t)],
      ["From the landlord", landlordOf(t)],
      ["Home", `${t.title}, ${addressOf(t)}`],
      ["Current rent", `${formatPence(notice.currentPence)} a month`],
      ["New rent", `${formatPence(notice.newPence)} a month`],
      ["New rent starts", formatDateGb(notice.startsOn)],
      ["Notice served", formatDateGb(notice.servedOn)],
      ["Booking reference", `#${t.id}`],
    ],
    notes: [
      `The new rent starts on ${formatDateGb(notice.startsOn)} unless you and your landlord agree otherwise, or you apply to the First-tier Tribunal (Property Chamber) before that day to decide the rent.`,
      "Rent can be increased this way at most once in any 12 months, and never in a tenancy's first 52 weeks.",
    ],
    tables: [],
    footer: [GUIDANCE, `Source: ${UK_RULES.rentIncreaseOncePerYear.source}.`],
  });
}
