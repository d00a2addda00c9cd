import { and, eq, sql } from "drizzle-orm";
import type { IssuedDocumentKind } from "../../common/domain/money-documents";
import type { Database, Db } from "../db/client";
import { issuedDocuments } from "../db/schema";

/** The facts of a booking its documents print: who stayed where, and when. */
export type BookingFacts = {
  id: number;
  guestId: number;
  ownerId: number;
  checkIn: string;
  checkOut: string;
  status: string;
  propertyTitle: string;
  guestName: string;
};

export async function bookingFacts(db: Db, bookingId: number): Promise<BookingFacts | undefined> {
  const result = await db.execute<BookingFacts>(sql`
    select b.id, b.guest_id as "guestId", p.owner_id as "ownerId", b.check_in::text as "checkIn",
           b.check_out::text as "checkOut", b.status, p.title as "propertyTitle",
           trim(coalesce(u.first_name, '') || ' ' || coalesce(u.last_name, '')) as "guestName"
      from bookings b
      join properties p on p.id = b.property_id
      join users u on u.id = b.guest_id
     where b.id = ${bookingId}`);
  return result.rows[0];
}

/** The guest's bookings that were charged (confirmed at some point), newest first. */
export async function chargedBookingIds(db: Db, guestId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select b.id from bookings b
     where b.guest_id = ${guestId}
       and exists (select 1 from ledger_transactions t where t.booking_id = b.id and t.kind = 'booking_charge')
     order by b.id desc`);
  return result.rows.map((row) => row.id);
}

/**
 * Which of the guest's bookings were refunded on cancellation after their receipt or VAT invoice was issued (that
 * document does not show the refund, so a credit note does), newest first.
 */
export async function creditNoteBookingIds(db: Db, guestId: number): Promise<number[]> {
  const result = await db.execute<{ id: number }>(sql`
    select b.id from bookings b
      join ledger_transactions t on t.booking_id = b.id and t.idempotency_key = 'booking:' || b.id || ':refund'
     where b.guest_id = ${guestId}
       and exists (select 1 from issued_documents d
                    where d.booking_id = b.id and d.kind in ('receipt', 'vat_invoice') and d.issued_at < t.created_at)
     order by b.id desc`);
  return result.rows.map((row) => row.id);
}

/** A receipt or VAT invoice of a booking issued before its transaction `key` was recorded: the documents it alters. */
export async function documentsIssuedBefore(
  db: Db,
  bookingId: number,
  key: string,
): Promise<{ kind: "receipt" | "vat_invoice"; series: string; number: number }[]> {
  const result = await db.execute<{ kind: "receipt" | "vat_invoice"; series: string; number: number }>(sql`
    select d.kind, d.series, d.number
      from issued_documents d
      join ledger_transactions t on t.idempotency_key = ${key} and t.booking_id = d.booking_id
     where d.booking_id = ${bookingId} and d.kind in ('receipt', 'vat_invoice') and d.issued_at < t.created_at
     order by d.kind`);
  return result.rows;
}

/** One transaction of a booking's money, with its lines keyed by account kind and party. */
export type BookingMovement = {
  key: string;
  kind: string;
  demo: boolean;
  /** The London date it was recorded. */
  date: string;
  lines: { kind: string; partyId: number | null; amountPence: number }[];
};

/** Every transaction recorded against a booking, oldest first (the ledger_transactions_booking_idx index). */
export async function bookingMovements(db: Db, bookingId: number): Promise<BookingMovement[]> {
  const result = await db.execute<Omit<BookingMovement, "lines"> & { lines: BookingMovement["lines"] }>(sql`
    select t.idempotency_key as key, t.kind, t.demo,
           to_char(t.created_at at time zone 'Europe/London', 'YYYY-MM-DD') as date,
           json_agg(json_build_object('kind', a.kind, 'partyId', a.party_id, 'amountPence', e.amount_pence)
                    order by e.id) as lines
      from ledger_transactions t
      join ledger_entries e on e.transaction_id = t.id
      join ledger_accounts a on a.id = e.account_id
     where t.booking_id = ${bookingId}
     group by t.id
     order by t.id`);
  return result.rows.map((row) => ({
    ...row,
    lines: row.lines.map((line) => ({ ...line, amountPence: Number(line.amountPence) })),
  }));
}

export type IssuedDocument<Figures> = {
  series: string;
  number: number;
  figures: Figures;
  issuedAt: Date;
};

const issuedColumns = {
  series: issuedDocuments.series,
  number: issuedDocuments.number,
  figures: issuedDocuments.figures,
  issuedAt: issuedDocuments.issuedAt,
};

/** The booking's document of this kind, if one was issued. */
export async function findBookingDocument<Figures>(
  db: Db,
  kind: IssuedDocumentKind,
  bookingId: number,
): Promise<IssuedDocument<Figures> | undefined> {
  const [row] = await db
    .select(issuedColumns)
    .from(issuedDocuments)
    .where(and(eq(issuedDocuments.kind, kind), eq(issuedDocuments.bookingId, bookingId)));
  return row as IssuedDocument<Figures> | undefined;
}

/** Thrown inside the issuing transaction when someone else issued the same document first: it rolls back. */
class AlreadyIssued extends Error {}

/**
 * Issues a booking's document once, numbered without gaps. The number is taken by incrementing the series' row in
 * the transaction that writes the document: that row's lock queues every issuer of the series, and a transaction that
 * fails (or finds the document already issued by someone who got there first) rolls its increment back with it, so
 * no number is ever skipped. Whoever issues first writes the figures; everyone after reads the same snapshot.
 */
export async function issueBookingDocument<Figures>(
  db: Database,
  request: { kind: IssuedDocumentKind; series: string; bookingId: number; partyId: number; figures: Figures },
): Promise<IssuedDocument<Figures>> {
  const existing = await findBookingDocument<Figures>(db, request.kind, request.bookingId);
  if (existing) return existing;
  try {
    return await db.transaction(async (tx) => {
      const taken = await tx.execute<{ number: number }>(sql`
        insert into document_series (series, next_number) values (${request.series}, 2)
        on conflict (series) do update set next_number = document_series.next_number + 1
        returning next_number - 1 as number`);
      const number = taken.rows[0]?.number;
      if (number === undefined) throw new Error(`series ${request.series} gave no number`);
      const [row] = await tx
        .insert(issuedDocuments)
        .values({
          series: request.series,
          number,
          kind: request.kind,
          bookingId: request.bookingId,
          partyId: request.partyId,
          figures: request.figures,
        })
        .onConflictDoNothing({
          target: [issuedDocuments.kind, issuedDocuments.bookingId],
          where: sql`${issuedDocuments.bookingId} is not null`,
        })
        .returning(issuedColumns);
      if (!row) throw new AlreadyIssued();
      return row as IssuedDocument<Figures>;
    });
  } catch (error) {
    if (!(error instanceof AlreadyIssued)) throw error;
    const issued = await findBookingDocument<Figures>(db, request.kind, request.bookingId);
    if (!issued) throw error;
    return issued;
  }
}
