import type { Tx } from "../../db/client";
import { postLedgerTransaction } from "../../repositories/ledger.repository";
import { paymentLines } from "./booking-postings";

/**
 * A tenancy's rent in the ledger, one period at a time. When a period falls due the tenant owes its rent and the
 * landlord earns it (no fee of ours: fees are banned on tenancies); when the card payment comes in it settles what the
 * tenant owes. A period that fails to collect leaves its rent owed, so arrears are a balance, not a flag.
 */
export const rentLedgerKey = {
  due: (tenancyId: number, periodStart: string) => `tenancy:${tenancyId}:rent:${periodStart}:due`,
  paid: (tenancyId: number, periodStart: string) => `tenancy:${tenancyId}:rent:${periodStart}:paid`,
};

export type RentPosting = {
  tenancyId: number;
  bookingId: number;
  guestId: number;
  landlordId: number;
  periodStart: string;
  amountPence: number;
  demo: boolean;
};

export async function postRentDue(tx: Tx, rent: RentPosting): Promise<void> {
  await postLedgerTransaction(tx, {
    kind: "booking_charge",
    idempotencyKey: rentLedgerKey.due(rent.tenancyId, rent.periodStart),
    demo: rent.demo,
    bookingId: rent.bookingId,
    memo: `Rent from ${rent.periodStart}`,
    lines: [
      { account: { kind: "guest_receivable", partyId: rent.guestId }, amountPence: rent.amountPence },
      { account: { kind: "earnings_held", partyId: rent.landlordId }, amountPence: -rent.amountPence },
    ],
  });
}

export async function postRentPaid(tx: Tx, rent: RentPosting & { paymentIntentId: string | null }): Promise<void> {
  await postLedgerTransaction(tx, {
    kind: "payment_collected",
    idempotencyKey: rentLedgerKey.paid(rent.tenancyId, rent.periodStart),
    demo: rent.demo,
    bookingId: rent.bookingId,
    stripeObjectId: rent.paymentIntentId,
    memo: `Rent from ${rent.periodStart}${rent.demo ? " (demo money)" : ""}`,
    lines: paymentLines(rent.guestId, rent.amountPence),
  });
}
