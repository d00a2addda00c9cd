import { and, eq, isNull, sql } from "drizzle-orm";
import {
  type LedgerAccountKind,
  type LedgerAccountRef,
  type LedgerLine,
  type LedgerTransactionKind,
  unbalancedReason,
} from "../../common/domain/ledger";
import type { Db, Tx } from "../db/client";
import { ledgerAccounts, ledgerEntries, ledgerTransactions } from "../db/schema";
import { UnprocessableError } from "../lib/errors";

export type LedgerPosting = {
  kind: LedgerTransactionKind;
  /** Names the event behind the money (e.g. `booking:42:charge`), so posting it again finds the first one. */
  idempotencyKey: string;
  lines: readonly LedgerLine[];
  demo: boolean;
  bookingId?: number | null;
  maintenanceJobId?: number | null;
  stripeObjectId?: string | null;
  memo?: string | null;
  /** The quarter a levy payment settles ("2026-Q3"). */
  levyQuarter?: string | null;
  /** When the money moved, if not now: the demo seed records payments made on past days. */
  postedAt?: Date;
};

export type PostedTransaction = { transactionId: number; duplicate: boolean };

/**
 * Records one movement of money inside the caller's transaction, so the ledger and the change that moved the money
 * commit or fail together. Posting the same idempotency key again returns the first transaction and writes nothing.
 * The database refuses an unbalanced transaction at commit whatever this function checks; checking here as well turns
 * a programming mistake into a clear error at the line that made it.
 */
export async function postLedgerTransaction(tx: Tx, posting: LedgerPosting): Promise<PostedTransaction> {
  const reason = unbalancedReason(posting.lines);
  if (reason) throw new UnprocessableError(reason);
  const inserted = await tx
    .insert(ledgerTransactions)
    .values({
      kind: posting.kind,
      idempotencyKey: posting.idempotencyKey,
      demo: posting.demo,
      bookingId: posting.bookingId ?? null,
      maintenanceJobId: posting.maintenanceJobId ?? null,
      stripeObjectId: posting.stripeObjectId ?? null,
      memo: posting.memo ?? null,
      levyQuarter: posting.levyQuarter ?? null,
      ...(posting.postedAt && { createdAt: posting.postedAt }),
    })
    .onConflictDoNothing({ target: ledgerTransactions.idempotencyKey })
    .returning({ id: ledgerTransactions.id });
  const created = inserted[0];
  if (!created) {
    const [existing] = await tx
      .select({ id: ledgerTransactions.id })
      .from(ledgerTransactions)
      .where(eq(ledgerTransactions.idempotencyKey, posting.idempotencyKey));
    if (!existing) throw new Error(`ledger key ${posting.idempotencyKey} conflicted but cannot be read`);
    return { transactionId: existing.id, duplicate: true };
  }
  const entries = [];
  for (const line of posting.lines) {
    entries.push({
      transactionId: created.id,
      accountId: await ledgerAccountId(tx, line.account),
      amountPence: line.amountPence,
    });
  }
  await tx.insert(ledgerEntries).values(entries);
  return { transactionId: created.id, duplicate: false };
}

/** The account's id, opening it on first use (two first uses at once both get the same row). */
export async function ledgerAccountId(db: Db, account: LedgerAccountRef): Promise<number> {
  const partyId = account.partyId ?? null;
  const target =
    partyId === null
      ? { target: ledgerAccounts.kind, where: sql`${ledgerAccounts.partyId} is null` }
      : { target: [ledgerAccounts.kind, ledgerAccounts.partyId], where: sql`${ledgerAccounts.partyId} is not null` };
  const [opened] = await db
    .insert(ledgerAccounts)
    .values({ kind: account.kind, partyId })
    .onConflictDoNothing(target)
    .returning({ id: ledgerAccounts.id });
  if (opened) return opened.id;
  const [found] = await db
    .select({ id: ledgerAccounts.id })
    .from(ledgerAccounts)
    .where(
      and(
        eq(ledgerAccounts.kind, account.kind),
        partyId === null ? isNull(ledgerAccounts.partyId) : eq(ledgerAccounts.partyId, partyId),
      ),
    );
  if (!found) throw new Error(`ledger account ${account.kind}/${partyId} conflicted but cannot be read`);
  return found.id;
}

export type AccountBalance = { kind: LedgerAccountKind; partyId: number | null; balancePence: number };

/**
 * Every account's balance (the sum of its lines), optionally only one person's, only demo or only real money, or only
 * the lines of one stay (of transactions of one kind: what its refunds took back from each share, say).
 */
export async function ledgerBalances(
  db: Db,
  filter: { partyId?: number; demo?: boolean; bookingId?: number; kind?: LedgerTransactionKind } = {},
): Promise<AccountBalance[]> {
  const rows = await db
    .select({
      kind: ledgerAccounts.kind,
      partyId: ledgerAccounts.partyId,
      balancePence: sql<string>`sum(${ledgerEntries.amountPence})`,
    })
    .from(ledgerEntries)
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .innerJoin(ledgerTransactions, eq(ledgerTransactions.id, ledgerEntries.transactionId))
    .where(
      and(
        filter.partyId === undefined ? undefined : eq(ledgerAccounts.partyId, filter.partyId),
        filter.demo === undefined ? undefined : eq(ledgerTransactions.demo, filter.demo),
        filter.bookingId === undefined ? undefined : eq(ledgerTransactions.bookingId, filter.bookingId),
        filter.kind === undefined ? undefined : eq(ledgerTransactions.kind, filter.kind),
      ),
    )
    .groupBy(ledgerAccounts.kind, ledgerAccounts.partyId)
    .orderBy(ledgerAccounts.kind, ledgerAccounts.partyId);
  return rows.map((row) => ({ ...row, balancePence: Number(row.balancePence) }));
}

export type PostedLines = { transactionId: number; demo: boolean; stripeObjectId: string | null; lines: LedgerLine[] };

/** A transaction already posted, found by the key of the event behind it, with its lines; undefined when none. */
export async function findPosted(db: Db, idempotencyKey: string): Promise<PostedLines | undefined> {
  const rows = await db
    .select({
      transactionId: ledgerTransactions.id,
      demo: ledgerTransactions.demo,
      stripeObjectId: ledgerTransactions.stripeObjectId,
      kind: ledgerAccounts.kind,
      partyId: ledgerAccounts.partyId,
      amountPence: ledgerEntries.amountPence,
    })
    .from(ledgerTransactions)
    .innerJoin(ledgerEntries, eq(ledgerEntries.transactionId, ledgerTransactions.id))
    .innerJoin(ledgerAccounts, eq(ledgerAccounts.id, ledgerEntries.accountId))
    .where(eq(ledgerTransactions.idempotencyKey, idempotencyKey))
    .orderBy(ledgerEntries.id);
  const first = rows[0];
  if (!first) return undefined;
  return {
    transactionId: first.transactionId,
    demo: first.demo,
    stripeObjectId: first.stripeObjectId,
    lines: rows.map((row) => ({ account: { kind: row.kind, partyId: row.partyId }, amountPence: row.amountPence })),
  };
}

/** Whether any transaction of this kind is recorded against the booking (e.g. has its guest paid anything). */
export async function bookingHasPosting(db: Db, bookingId: number, kind: LedgerTransactionKind): Promise<boolean> {
  const [row] = await db
    .select({ id: ledgerTransactions.id })
    .from(ledgerTransactions)
    .where(and(eq(ledgerTransactions.bookingId, bookingId), eq(ledgerTransactions.kind, kind)))
    .limit(1);
  return row !== undefined;
}

/** What the platform holds for a payee now (their earnings not yet transferred), in demo money or in real money. */
export async function heldEarningsPence(db: Db, partyId: number, demo: boolean): Promise<number> {
  const balances = await ledgerBalances(db, { partyId, demo });
  return 0 - (balances.find((account) => account.kind === "earnings_held")?.balancePence ?? 0);
}
