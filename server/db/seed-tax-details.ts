import { type TaxIdentifierField, ZTaxDetailsFields } from "../../common/entities/tax-details";
import type { ServerKeys } from "../lib/server-keys";
import { type NewTaxDetails, plainTaxDetailsColumns } from "../repositories/tax-details.repository";
import type { Tx } from "./client";
import { sellerTaxDetails } from "./schema";
import { DEMO_TAX_DETAILS } from "./seed-data/tax-details";

export type SealedDemoTaxDetails = { key: string; row: Omit<NewTaxDetails, "userId"> };

/**
 * The demo sellers' tax details, checked with the schema a seller's own are checked with and their identifiers
 * sealed with the server's key, as saving them on the page would. Sealing reads the key outside the seed's
 * transaction (the key's row may be made on first use), so it runs before. A detail the schema refuses stops the
 * seed, naming the person and the field but never the value.
 */
export async function sealDemoTaxDetails(keys: ServerKeys): Promise<SealedDemoTaxDetails[]> {
  const seal = (value: string | undefined) =>
    value === undefined ? Promise.resolve(null) : keys.seal("tax-identifiers", value);
  return Promise.all(
    Object.entries(DEMO_TAX_DETAILS).map(async ([key, input]) => {
      const parsed = ZTaxDetailsFields.safeParse(input);
      if (!parsed.success) {
        const fields = parsed.error.issues.map((issue) => issue.path.join(".")).join(", ");
        throw new Error(`seed: the demo tax details of ${key} are not valid (${fields})`);
      }
      const details = parsed.data;
      const given = details as Partial<Record<TaxIdentifierField, string>>;
      return {
        key,
        row: {
          ...plainTaxDetailsColumns(details),
          nationalInsuranceNumberSealed: await seal(given.nationalInsuranceNumber),
          utrSealed: await seal(given.utr),
          companyNumberSealed: await seal(given.companyNumber),
        },
      };
    }),
  );
}

/**
 * Gives the demo sellers their sealed tax details. A person who already has details (an account that was there
 * before the seed) keeps their own.
 */
export async function writeDemoTaxDetails(
  tx: Tx,
  sealed: SealedDemoTaxDetails[],
  userId: (key: string) => number,
): Promise<void> {
  if (sealed.length === 0) return;
  await tx
    .insert(sellerTaxDetails)
    .values(sealed.map(({ key, row }) => ({ ...row, userId: userId(key) })))
    .onConflictDoNothing({ target: sellerTaxDetails.userId });
}
