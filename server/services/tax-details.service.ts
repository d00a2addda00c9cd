import { maskIdentifier } from "../../common/domain/tax-identifiers";
import {
  IDENTIFIERS_OF_KIND,
  identifierRule,
  type SavedIdentifiers,
  TAX_IDENTIFIER_FIELDS,
  type TaxIdentifierField,
  type TTaxDetailsAnswer,
  type TTaxDetailsFields,
  type TTaxDetailsView,
} from "../../common/entities/tax-details";
import type { Database } from "../db/client";
import { InvalidInputError, notFound } from "../lib/errors";
import { auditLabel } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  findTaxDetails,
  plainTaxDetailsColumns,
  saveTaxDetails,
  type TaxDetailsRow,
} from "../repositories/tax-details.repository";
import { lockUser, type UserRow } from "../repositories/users.repository";

/** Each identifier's sealed column. */
const SEALED_COLUMN = {
  nationalInsuranceNumber: "nationalInsuranceNumberSealed",
  utr: "utrSealed",
  companyNumber: "companyNumberSealed",
} as const satisfies Record<TaxIdentifierField, keyof TaxDetailsRow>;

/**
 * A seller's own tax details (/api/account/tax-details), which HMRC's yearly report of what platform sellers earned
 * needs. Identifiers are sealed with the server's key before they reach the database and leave only masked; the
 * audit log records that details changed, never what they are. An identifier left blank keeps the one saved for the
 * same kind of seller, so nobody has to type their NI number again to correct their address.
 */
export class TaxDetailsService {
  constructor(
    private readonly db: Database,
    private readonly keys: ServerKeys,
  ) {}

  /** GET: the seller's details, masked; null before any are saved. */
  async get(user: UserRow): Promise<TTaxDetailsAnswer> {
    const row = await findTaxDetails(this.db, user.id);
    return { details: row ? await this.view(row) : null };
  }

  /** PUT: replaces the seller's details (identifiers left blank keep their saved value), answering the masked view. */
  async save(user: UserRow, input: TTaxDetailsFields): Promise<TTaxDetailsAnswer> {
    const row = await this.db.transaction(async (tx) => {
      const locked = await lockUser(tx, user.id);
      if (!locked) throw notFound("Account not found");
      const previous = await findTaxDetails(tx, user.id, { lock: true });
      const saved: SavedIdentifiers = previous
        ? {
            kind: previous.kind,
            fields: TAX_IDENTIFIER_FIELDS.filter((field) => previous[SEALED_COLUMN[field]] !== null),
          }
        : null;
      const missing = identifierRule(input, saved);
      if (missing) throw new InvalidInputError(missing);

      const given = input as Partial<Record<TaxIdentifierField, string>>;
      const sealed = Object.fromEntries(
        await Promise.all(
          TAX_IDENTIFIER_FIELDS.map(async (field) => {
            const typed = IDENTIFIERS_OF_KIND[input.kind].includes(field) ? given[field] : undefined;
            const kept = previous?.kind === input.kind ? previous[SEALED_COLUMN[field]] : null;
            const value = typed === undefined ? kept : await this.keys.seal("tax-identifiers", typed);
            return [SEALED_COLUMN[field], value ?? null] as const;
          }),
        ),
      ) as Record<(typeof SEALED_COLUMN)[TaxIdentifierField], string | null>;

      await saveTaxDetails(tx, {
        userId: user.id,
        ...plainTaxDetailsColumns(input),
        ...sealed,
      });
      const person = { id: locked.id, label: auditLabel(locked) };
      await recordAudit(tx, {
        type: "info",
        action: "tax_details.updated",
        message: `${person.label} ${previous ? "changed" : "gave"} their tax details (${input.kind === "individual" ? "as an individual" : "as a business"})`,
        actor: person,
        subject: person,
        details: { kind: input.kind },
      });
      const written = await findTaxDetails(tx, user.id);
      if (!written) throw new Error("tax details vanished after saving");
      return written;
    });
    return { details: await this.view(row) };
  }

  private async view(row: TaxDetailsRow & { complete: boolean }): Promise<TTaxDetailsView> {
    const masked = async (sealed: string | null) =>
      sealed === null ? null : maskIdentifier(await this.keys.open("tax-identifiers", sealed));
    return {
      kind: row.kind,
      legalName: row.legalName,
      dateOfBirth: row.dateOfBirth,
      address: {
        line1: row.addressLine1,
        line2: row.addressLine2,
        city: row.city,
        postcode: row.postcode,
        country: row.country,
      },
      nationalInsuranceNumber: await masked(row.nationalInsuranceNumberSealed),
      utr: await masked(row.utrSealed),
      companyNumber: await masked(row.companyNumberSealed),
      complete: row.complete,
      updatedAt: row.updatedAt.toISOString(),
    };
  }
}
