import { eq, sql } from "drizzle-orm";
import type { TTaxDetailsFields } from "../../common/entities/tax-details";
import type { Db } from "../db/client";
import { sellerTaxDetails } from "../db/schema";

export type TaxDetailsRow = typeof sellerTaxDetails.$inferSelect;
export type NewTaxDetails = typeof sellerTaxDetails.$inferInsert;

/** The columns of a seller's tax details that are kept as given; the identifiers are sealed by the caller. */
export function plainTaxDetailsColumns(input: TTaxDetailsFields) {
  return {
    kind: input.kind,
    legalName: input.legalName,
    dateOfBirth: input.kind === "individual" ? input.dateOfBirth : null,
    addressLine1: input.address.line1,
    addressLine2: input.address.line2 || null,
    city: input.address.city,
    postcode: input.address.postcode,
    country: input.address.country,
  };
}

/**
 * Whether a row holds everything HMRC's report of a seller needs: a person's date of birth and their National
 * Insurance number or UTR; a business's company number or UTR. Saving already refuses less; this is what payouts,
 * the page's "complete" and HMRC's yearly report read, written once.
 */
export const TAX_DETAILS_COMPLETE = sql<boolean>`(
  (${sellerTaxDetails.kind} = 'individual' and ${sellerTaxDetails.dateOfBirth} is not null
    and (${sellerTaxDetails.nationalInsuranceNumberSealed} is not null or ${sellerTaxDetails.utrSealed} is not null))
  or (${sellerTaxDetails.kind} = 'business'
    and (${sellerTaxDetails.companyNumberSealed} is not null or ${sellerTaxDetails.utrSealed} is not null)))`;

/** The seller's row (identifiers still sealed) and whether it is complete; `lock` holds it for a change. */
export async function findTaxDetails(
  db: Db,
  userId: number,
  options: { lock?: boolean } = {},
): Promise<(TaxDetailsRow & { complete: boolean }) | undefined> {
  const query = db
    .select({ row: sellerTaxDetails, complete: TAX_DETAILS_COMPLETE })
    .from(sellerTaxDetails)
    .where(eq(sellerTaxDetails.userId, userId));
  const [found] = options.lock ? await query.for("update") : await query;
  return found && { ...found.row, complete: found.complete };
}

/** Writes the seller's details whole, replacing what was there. */
export async function saveTaxDetails(db: Db, row: NewTaxDetails): Promise<void> {
  const { userId: _userId, ...changes } = row;
  await db
    .insert(sellerTaxDetails)
    .values(row)
    .onConflictDoUpdate({ target: sellerTaxDetails.userId, set: { ...changes, updatedAt: sql`now()` } });
}

/**
 * Whether the seller has given complete tax details: payouts wait until they have (HMRC's rules ask for them
 * before a seller is first paid).
 */
export async function taxDetailsComplete(db: Db, userId: number): Promise<boolean> {
  const [found] = await db
    .select({ complete: TAX_DETAILS_COMPLETE })
    .from(sellerTaxDetails)
    .where(eq(sellerTaxDetails.userId, userId));
  return found?.complete ?? false;
}
