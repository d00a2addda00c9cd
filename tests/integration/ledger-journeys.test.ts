import { sql } from "drizzle-orm";
import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { ZStatement } from "../../common/schemas/money-documents";
import { maintenanceJobs, propertyManagerAssignments } from "../../server/db/schema";
import { insertDemoPayoutAccount } from "../../server/repositories/payout-accounts.repository";
import { createProperty } from "../factories";
import { requestStay } from "../support/book-stay";
import type { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * The ledger's promises over whole journeys, not single events: any sequence of bookings accepted, stays cancelled
 * by guest or landlord, maintenance jobs paid from the owner's earnings, and transfers released leaves every
 * transaction balanced, each payee's statement adding up to their ledger balance, every transfer counted once, and
 * the guest owing nothing. Each step goes through the real HTTP layer, as people would take it.
 */
const { t, server } = setUpTestApp({ withoutChangeFeed: true });

type Person = { client: HttpClient; id: number };
let owner: Person;
let manager: Person;
let contractor: Person;
let guest: Person;

beforeAll(async () => {
  const sign = async (fields: Parameters<typeof signedInUser>[2]) => {
    const { client, user } = await signedInUser(t.db, server.baseUrl, fields);
    return { client, id: user.id };
  };
  owner = await sign({ role: "landlord", isApproved: true, firstName: "Olive" });
  manager = await sign({ role: "property_manager", firstName: "Max" });
  contractor = await sign({ role: "contractor", firstName: "Cara" });
  guest = await sign({ role: "guest", firstName: "Gina" });
  await insertDemoPayoutAccount(t.db, manager.id);
  await insertDemoPayoutAccount(t.db, contractor.id);
});

type Step =
  | { kind: "book"; nightlyPence: number; nights: number }
  | { kind: "cancel"; which: number; by: "guest" | "landlord" }
  | { kind: "payJob"; costPence: number }
  | { kind: "release" };

const step: fc.Arbitrary<Step> = fc.oneof(
  {
    weight: 3,
    arbitrary: fc.record({
      kind: fc.constant("book" as const),
      nightlyPence: fc.integer({ min: 5_001, max: 60_000 }),
      nights: fc.integer({ min: 1, max: 4 }),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      kind: fc.constant("cancel" as const),
      which: fc.nat(),
      by: fc.constantFrom("guest" as const, "landlord" as const),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({ kind: fc.constant("payJob" as const), costPence: fc.integer({ min: 1, max: 80_000 }) }),
  },
  { weight: 1, arbitrary: fc.constant({ kind: "release" as const }) },
);

/** The balance of one party's account (or a platform account), in pence. */
async function balance(kind: string, partyId: number | null): Promise<number> {
  const result = await t.db.execute<{ total: string | null }>(sql`
    select sum(e.amount_pence)::text as total from ledger_entries e join ledger_accounts a on a.id = e.account_id
     where a.kind = ${kind} and a.party_id is not distinct from ${partyId}::int`);
  return Number(result.rows[0]?.total ?? 0);
}

const transactionCount = async () =>
  Number((await t.db.execute<{ n: string }>(sql`select count(*)::text as n from ledger_transactions`)).rows[0]?.n);

/** A job the contractor finished at `costPence`, written as the job's own steps would leave it. */
async function finishedJob(propertyId: number, costPence: number): Promise<number> {
  const cost = (costPence / 100).toFixed(2);
  const [job] = await t.db
    .insert(maintenanceJobs)
    .values({
      propertyId,
      reportedBy: owner.id,
      title: "Boiler service",
      description: "The yearly service of the boiler.",
      category: "plumbing",
      status: "completed",
      contractorId: contractor.id,
      agreedPayment: cost,
      finalCost: cost,
      completedAt: new Date(),
    })
    .returning({ id: maintenanceJobs.id });
  if (!job) throw new Error("job not inserted");
  return job.id;
}

async function checkInvariants(): Promise<void> {
  const unbalanced = await t.db.execute(
    sql`select transaction_id from ledger_entries group by transaction_id having sum(amount_pence) <> 0`,
  );
  expect(unbalanced.rows).toEqual([]);

  const month = londonToday().slice(0, 7);
  for (const payee of [owner, manager, contractor]) {
    const held = 0 - (await balance("earnings_held", payee.id));
    // What their documents say: this month's statement (every posting of these journeys is this month) adds up, line
    // by line, from its opening to its closing balance, and closes on what the ledger holds for them.
    const answer = await payee.client.get(`/api/statements/${month}`);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    const statement = ZStatement.parse(answer.body);
    const sum = statement.lines.reduce((total, line) => total + line.amountPence, 0);
    expect(statement.openingPence + sum).toBe(statement.closingPence);
    expect(statement.closingPence).toBe(held);
    // Every transfer the platform records as sent is in the ledger once, for its amount.
    expect(0 - (await balance("earnings_transferred", payee.id))).toBe(await sentTo(payee.id));
  }
  // Demo payments settle at once and refunds return cash: the guest never owes the platform anything.
  expect(await balance("guest_receivable", guest.id)).toBe(0);
}

/** What the platform recorded as sent to a payee. */
async function sentTo(payeeId: number): Promise<number> {
  const result = await t.db.execute<{ total: string | null }>(sql`
    select sum(amount_pence)::text as total from payout_transfers where payee_id = ${payeeId} and sent_at is not null`);
  return Number(result.rows[0]?.total ?? 0);
}

describe("the ledger over any journey", () => {
  it("stays balanced, matches each payee's statement and counts each transfer once", async () => {
    let journey = 0;
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 0, max: 3_000 }),
        fc.constantFrom("flexible" as const, "moderate" as const, "strict" as const),
        fc.array(step, { minLength: 1, maxLength: 7 }),
        async (feeBps, policy, steps) => {
          journey += 1;
          const property = await createProperty(t.db, { ownerId: owner.id, cancellationPolicy: policy });
          await t.db.insert(propertyManagerAssignments).values({
            propertyId: property.id,
            managerId: manager.id,
            managementFeeBps: feeBps,
          });
          const stays: number[] = [];
          for (const [index, s] of steps.entries()) {
            if (s.kind === "book") {
              await t.db.execute(
                sql`update properties set price_per_night = ${(s.nightlyPence / 100).toFixed(2)} where id = ${property.id}`,
              );
              // Each stay its own week, some soon (partial refunds) and some far off (full ones).
              const checkIn = addDays(londonToday(), 1 + index * 5 + (journey % 3) * 40);
              const booking = await requestStay(guest.client, property.id, checkIn, s.nights);
              const accepted = await owner.client.post(`/api/bookings/${booking.id}/accept`);
              expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
              stays.push(booking.id);
            } else if (s.kind === "cancel") {
              const id = stays.length > 0 ? stays[s.which % stays.length] : undefined;
              if (id === undefined) continue;
              const who = s.by === "guest" ? guest : owner;
              const before = await transactionCount();
              const answer = await who.client.post(`/api/bookings/${id}/cancel`, { reason: "Plans changed" });
              if (answer.status === 409) expect(await transactionCount()).toBe(before);
              else expect(answer.status, JSON.stringify(answer.body)).toBe(200);
            } else if (s.kind === "payJob") {
              const job = await finishedJob(property.id, s.costPence);
              const held = 0 - (await balance("earnings_held", owner.id));
              const before = await transactionCount();
              const answer = await owner.client.post(`/api/maintenance/jobs/${job}/mark-paid`);
              // Paid exactly when the owner's held earnings cover it; a refusal moves nothing.
              if (held >= s.costPence) expect(answer.status, JSON.stringify(answer.body)).toBe(200);
              else {
                expect(answer.status).toBe(409);
                expect(await transactionCount()).toBe(before);
              }
            } else {
              // Far enough ahead that every stay so far has checked in.
              await server.app.services.payoutTransfers.releaseDue(addDays(londonToday(), 400));
            }
            await checkInvariants();
          }
        },
      ),
      { numRuns: 12 },
    );
    // A dozen journeys of several HTTP steps each: well past the default when the machine is busy.
  }, 120_000);
});
