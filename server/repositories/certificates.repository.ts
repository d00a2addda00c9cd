import { type AnyColumn, and, desc, eq, type SQL, sql } from "drizzle-orm";
import { type CertificateKind, type ComplianceFacts, NO_COMPLIANCE_FACTS } from "../../common/domain/compliance";
import type { Db, Tx } from "../db/client";
import { certificateReminders, propertyCertificates, propertyComplianceFacts } from "../db/schema";

export type CertificateRow = typeof propertyCertificates.$inferSelect;

export async function findComplianceFacts(db: Db, propertyId: number): Promise<ComplianceFacts> {
  const [row] = await db
    .select({
      hasGasSupply: propertyComplianceFacts.hasGasSupply,
      hmoLicenceApplies: propertyComplianceFacts.hmoLicenceApplies,
      selectiveLicenceApplies: propertyComplianceFacts.selectiveLicenceApplies,
    })
    .from(propertyComplianceFacts)
    .where(eq(propertyComplianceFacts.propertyId, propertyId))
    .limit(1);
  return row ?? NO_COMPLIANCE_FACTS;
}

export async function saveComplianceFacts(db: Db, propertyId: number, facts: ComplianceFacts): Promise<void> {
  await db
    .insert(propertyComplianceFacts)
    .values({ propertyId, ...facts })
    .onConflictDoUpdate({ target: propertyComplianceFacts.propertyId, set: { ...facts, updatedAt: sql`now()` } });
}

/** Every certificate of a property, newest expiry first within each kind. */
export async function findCertificates(db: Db, propertyId: number): Promise<CertificateRow[]> {
  return db
    .select()
    .from(propertyCertificates)
    .where(eq(propertyCertificates.propertyId, propertyId))
    .orderBy(desc(propertyCertificates.createdAt), desc(propertyCertificates.id));
}

export async function findCertificate(db: Db, propertyId: number, id: number): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(propertyCertificates)
    .where(and(eq(propertyCertificates.propertyId, propertyId), eq(propertyCertificates.id, id)))
    .limit(1);
  return row;
}

/** What may pause a listing's bookings: the landlord's compliance facts and the latest expiry of each kind. */
export type PauseFacts = { facts: ComplianceFacts; latest: Partial<Record<CertificateKind, string>> };

/**
 * The latest expiry of each kind of the listing's certificates (the one in force, or the one that lapsed last), as a
 * JSON object by kind, null when it has none: for use inside a larger query.
 */
export function latestCertificateExpiries(propertyId: AnyColumn | SQL | number): SQL<Record<string, string> | null> {
  return sql<Record<string, string> | null>`(select json_object_agg(kind, expires_on) from (
              select kind, max(expires_on)::text as expires_on from property_certificates
               where property_id = ${propertyId} group by kind) k)`;
}

/** The pause facts from their columns, a listing without compliance facts having the defaults. */
export function pauseFactsOf(row: {
  hasGasSupply: boolean | null;
  hmo: boolean | null;
  selective: boolean | null;
  latest: Record<string, string> | null;
}): PauseFacts {
  return {
    facts: {
      hasGasSupply: row.hasGasSupply,
      hmoLicenceApplies: row.hmo ?? false,
      selectiveLicenceApplies: row.selective ?? false,
    },
    latest: (row.latest ?? {}) as PauseFacts["latest"],
  };
}

export async function insertCertificate(
  tx: Tx,
  row: typeof propertyCertificates.$inferInsert,
): Promise<CertificateRow> {
  const [inserted] = await tx.insert(propertyCertificates).values(row).returning();
  if (!inserted) throw new Error("certificate row was not written");
  return inserted;
}

/**
 * Required certificates whose newest expiry has passed, across every active listing: a required kind is gas with a
 * gas supply, EICR and EPC always, a licence where the landlord said one applies (the same rule as
 * requiredCertificateKinds in common/domain/compliance.ts, here as SQL for the admins' list).
 */
export async function findLapsedRequiredCertificates(db: Db, today: string) {
  const result = await db.execute<{
    property_id: number;
    property_title: string;
    owner_email: string;
    kind: CertificateKind;
    expires_on: string;
  }>(sql`
    select p.id as property_id, p.title as property_title, u.email as owner_email, c.kind, c.expires_on::text
      from (select property_id, kind, max(expires_on) as expires_on from property_certificates group by 1, 2) c
      join properties p on p.id = c.property_id and p.is_active
      join users u on u.id = p.owner_id
      left join property_compliance_facts f on f.property_id = p.id
     where c.expires_on < ${today}::date
       and (c.kind in ('eicr', 'epc')
         or (c.kind = 'gas_safety' and f.has_gas_supply is true)
         or (c.kind = 'hmo_licence' and f.hmo_licence_applies is true)
         or (c.kind = 'selective_licence' and f.selective_licence_applies is true))
     order by c.expires_on, p.id, c.kind`);
  return result.rows;
}

/**
 * Marks the reminders due for the certificates in force that expire within the longest reminder window, in the
 * caller's transaction; answers the certificates newly marked, with the owner to write to. A reminder already
 * marked is skipped (the key is the certificate and the days before), so each goes once whichever instance runs.
 */
export async function claimDueReminders(tx: Tx, today: string, windows: readonly number[]) {
  const longest = Math.max(...windows);
  const result = await tx.execute<{
    certificate_id: number;
    days_before: number;
    kind: CertificateKind;
    expires_on: string;
    property_id: number;
    property_title: string;
    owner_email: string;
    owner_first_name: string | null;
  }>(sql`
    with current as (
      select distinct on (c.property_id, c.kind) c.id, c.property_id, c.kind, c.expires_on
        from property_certificates c
       order by c.property_id, c.kind, c.expires_on desc, c.id desc
    ), due as (
      select cur.id, d.days_before
        from current cur
        cross join unnest(${sql.raw(`array[${windows.map(Number).join(",")}]`)}::int[]) as d(days_before)
       where cur.expires_on >= ${today}::date
         and cur.expires_on <= ${today}::date + ${longest}::int
         and cur.expires_on - ${today}::date <= d.days_before
    ), marked as (
      insert into certificate_reminders (certificate_id, days_before)
      select id, days_before from due
      on conflict do nothing
      returning certificate_id, days_before
    )
    select m.certificate_id, min(m.days_before)::int as days_before, c.kind, c.expires_on::text,
           p.id as property_id, p.title as property_title, u.email as owner_email, u.first_name as owner_first_name
      from marked m
      join property_certificates c on c.id = m.certificate_id
      join properties p on p.id = c.property_id
      join users u on u.id = p.owner_id
     where u.closed_at is null
     group by m.certificate_id, c.kind, c.expires_on, p.id, p.title, u.email, u.first_name
     order by m.certificate_id`);
  return result.rows;
}

export async function countReminders(db: Db, certificateId: number): Promise<number[]> {
  const rows = await db
    .select({ daysBefore: certificateReminders.daysBefore })
    .from(certificateReminders)
    .where(eq(certificateReminders.certificateId, certificateId))
    .orderBy(desc(certificateReminders.daysBefore));
  return rows.map((row) => row.daysBefore);
}
