import { STATEMENT_OF_TERMS_VERSION, statementOfTermsRequired } from "../../../common/domain/tenant-rights";
import type { TStatementOfTerms } from "../../../common/schemas/tenant-rights";
import { tenancyPart } from "../../access/tenancies";
import type { Database, Db } from "../../db/client";
import { ConflictError } from "../../lib/errors";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  findAcceptedStatement,
  insertAcceptedStatement,
  lockTenancyBooking,
  type TenancyRow,
} from "../../repositories/tenant-rights.repository";
import { sha256Of, statementOfTermsPdf } from "./tenancy-documents";
import { auditActor, partiesOf, requireTenancy, type TenancyActor, tenancyOr404 } from "./tenancy-facts";

/** The statement a tenancy has: the accepted one as accepted, else the one the tenant would accept now. */
async function statementOf(db: Db, tenancy: TenancyRow) {
  const accepted = await findAcceptedStatement(db, tenancy.id, true);
  if (accepted?.pdf) return { ...accepted, pdf: accepted.pdf };
  const pdf = await statementOfTermsPdf(tenancy);
  return { version: STATEMENT_OF_TERMS_VERSION, sha256: sha256Of(pdf), acceptedAt: null, pdf };
}

/** The statement's summary on a tenancy's view. */
export async function statementView(db: Db, tenancy: TenancyRow, today: string): Promise<TStatementOfTerms> {
  const statement = await statementOf(db, tenancy);
  return {
    version: statement.version,
    sha256: statement.sha256,
    required: statementOfTermsRequired(today),
    acceptedAt: statement.acceptedAt?.toISOString() ?? null,
    pdfUrl: `/api/bookings/${tenancy.id}/statement-of-terms.pdf`,
  };
}

/**
 * Why a tenancy cannot be agreed yet: its tenant has not accepted its written statement of terms (from the day the
 * duty applies); null when it may be. Every path that agrees a tenancy asks this: the landlord's accept, a card
 * payment started for one, and the payment that would confirm it.
 */
export async function statementNotAccepted(
  db: Db,
  booking: { id: number; stayMode: string | null },
  today: string,
): Promise<string | null> {
  if (booking.stayMode !== "tenancy" || !statementOfTermsRequired(today)) return null;
  if (await findAcceptedStatement(db, booking.id)) return null;
  return "The tenant has not yet accepted the written statement of terms. A tenancy can be agreed only once they have; they accept it from My Bookings.";
}

/** The same rule as a 409 with the reason, for a person's request. Called in the transaction that agrees it. */
export async function requireStatementAccepted(
  db: Db,
  booking: { id: number; stayMode: string | null },
  today: string,
): Promise<void> {
  const why = await statementNotAccepted(db, booking, today);
  if (why) throw new ConflictError(why);
}

/** The written statement of terms: read by the tenancy's parties, accepted by its tenant, once. */
export class TenancyStatements {
  constructor(
    private readonly db: Database,
    private readonly today: () => string,
  ) {}

  async pdf(user: TenancyActor, bookingId: number): Promise<{ pdf: Buffer; filename: string }> {
    const tenancy = await tenancyOr404(this.db, bookingId);
    tenancyPart(user, partiesOf(tenancy), "read");
    requireTenancy(tenancy);
    const statement = await statementOf(this.db, tenancy);
    return { pdf: statement.pdf, filename: `staylondon-statement-of-terms-${bookingId}.pdf` };
  }

  /**
   * The tenant accepts the statement they read, named by its hash: a statement that changed since (the listing was
   * edited) is refused, so what is recorded is exactly what they saw.
   */
  async accept(user: TenancyActor, bookingId: number, sha256: string): Promise<TStatementOfTerms> {
    await this.db.transaction(async (tx) => {
      await lockTenancyBooking(tx, bookingId);
      const tenancy = await tenancyOr404(tx, bookingId);
      tenancyPart(user, partiesOf(tenancy), "tenant");
      requireTenancy(tenancy);
      if (tenancy.status !== "pending" && tenancy.status !== "confirmed") {
        throw new ConflictError("This tenancy has ended or was cancelled; there is nothing to accept.");
      }
      if (await findAcceptedStatement(tx, bookingId)) {
        throw new ConflictError("You have already accepted the statement of terms for this tenancy.");
      }
      const pdf = await statementOfTermsPdf(tenancy);
      const current = sha256Of(pdf);
      if (current !== sha256) {
        throw new ConflictError(
          "The statement of terms has changed since you opened it. Please read the current one and accept that.",
        );
      }
      await insertAcceptedStatement(tx, {
        bookingId,
        version: STATEMENT_OF_TERMS_VERSION,
        sha256: current,
        pdf,
        acceptedBy: user.id,
      });
      await recordAudit(tx, {
        type: "success",
        action: "tenancy_statement.accepted",
        message: `Written statement of terms accepted on booking #${bookingId} (version ${STATEMENT_OF_TERMS_VERSION})`,
        actor: auditActor(user),
        target: { type: "booking", id: bookingId },
        details: { version: STATEMENT_OF_TERMS_VERSION, sha256: current },
      });
    });
    return statementView(this.db, await tenancyOr404(this.db, bookingId), this.today());
  }
}
