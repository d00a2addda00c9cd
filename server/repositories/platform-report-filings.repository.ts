import { desc, eq, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { platformReportFilings, users } from "../db/schema";
import { fullName } from "../lib/person-names";

/**
 * The HMRC platform reports kept as exported. Rows are only ever inserted and read: HMRC's rules keep a report for
 * six years, and the table's trigger refuses any update or delete.
 */

export type NewFiling = typeof platformReportFilings.$inferInsert & { id: number };

/**
 * Takes the next copy's number before the file is written, so the number can be part of its message reference. A
 * number taken by an export that then fails is simply never used.
 */
export async function nextFilingId(db: Db): Promise<number> {
  const result = await db.execute<{ id: number }>(
    sql`select nextval(pg_get_serial_sequence('platform_report_filings', 'id'))::int as id`,
  );
  const id = result.rows[0]?.id;
  if (id === undefined) throw new Error("No number for the report's stored copy");
  return id;
}

export async function insertFiling(db: Db, filing: NewFiling): Promise<void> {
  await db.insert(platformReportFilings).values(filing);
}

const listed = {
  id: platformReportFilings.id,
  year: platformReportFilings.year,
  messageRefId: platformReportFilings.messageRefId,
  createdAt: platformReportFilings.createdAt,
  sellers: platformReportFilings.sellers,
  missingTaxDetails: platformReportFilings.missingTaxDetails,
  sha256: platformReportFilings.sha256,
  firstName: users.firstName,
  lastName: users.lastName,
};

const withAuthor = <R extends { firstName: string | null; lastName: string | null; createdAt: Date }>(row: R) => {
  const { firstName, lastName, createdAt, ...rest } = row;
  return { ...rest, createdAt: createdAt.toISOString(), createdBy: fullName({ firstName, lastName }) };
};

/** The year's stored reports, newest first, with who exported them as their account is named now. */
export async function findFilings(db: Db, year: number) {
  const rows = await db
    .select(listed)
    .from(platformReportFilings)
    .innerJoin(users, eq(users.id, platformReportFilings.createdBy))
    .where(eq(platformReportFilings.year, year))
    .orderBy(desc(platformReportFilings.createdAt), desc(platformReportFilings.id));
  return rows.map(withAuthor);
}

/** One stored report with its sealed file, or null. */
export async function findFiling(db: Db, id: number) {
  const [row] = await db
    .select({ ...listed, fileSealed: platformReportFilings.fileSealed })
    .from(platformReportFilings)
    .innerJoin(users, eq(users.id, platformReportFilings.createdBy))
    .where(eq(platformReportFilings.id, id));
  return row ? withAuthor(row) : null;
}
