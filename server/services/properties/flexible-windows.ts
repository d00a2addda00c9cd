import { nightsBetween } from "../../../common/domain/calendar-dates";
import { type FlexKind, flexCheckOut } from "../../../common/domain/flexible-dates";
import { penceToPounds, poundsToPence, priceStay } from "../../../common/domain/pricing";
import { type LevyArea, stayLevy } from "../../../common/domain/uk-law";
import type { TStayWindow } from "../../../common/schemas/flexible-dates";
import type { Database } from "../../db/client";
import { findPricingRulesOf } from "../../repositories/availability.repository";

type WindowRow = { id: number; pricePerNight: string; levyArea: LevyArea | null; windowCheckIn: string | null };

/**
 * Each flexible-search result's window with what the guest would pay for it: every night from the listing's pricing
 * rules (else its price), the service fee and any local levy, the quote's arithmetic (priceStay, stayLevy) on the
 * page's listings only, with one read of their pricing rules.
 */
export async function stayWindows(db: Database, rows: WindowRow[], kind: FlexKind): Promise<Map<number, TStayWindow>> {
  const found = rows.filter((row): row is WindowRow & { windowCheckIn: string } => row.windowCheckIn !== null);
  const rules = await findPricingRulesOf(
    db,
    found.map((row) => row.id),
  );
  const windows = new Map<number, TStayWindow>();
  for (const row of found) {
    const stay = { checkIn: row.windowCheckIn, checkOut: flexCheckOut(kind, row.windowCheckIn) };
    const price = priceStay({
      basePricePence: poundsToPence(row.pricePerNight),
      rules: rules.get(row.id) ?? [],
      ...stay,
    });
    const levy = stayLevy(price.nightly, row);
    windows.set(row.id, {
      ...stay,
      nights: nightsBetween(stay.checkIn, stay.checkOut),
      total: penceToPounds(price.totalPence + (levy?.pence ?? 0)),
    });
  }
  return windows;
}
