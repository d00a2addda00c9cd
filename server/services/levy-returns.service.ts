import { poundsToPence } from "../../common/domain/pricing";
import { LEVY_AREA_LABELS, levyQuarterOf } from "../../common/domain/uk-law";
import type { TLevyReturn } from "../../common/schemas/levy-returns";
import { type Actor, statementPayee } from "../access/records";
import type { Database } from "../db/client";
import { findLeviedStays } from "../repositories/levy-returns.repository";

/**
 * A host's visitor levy return: per quarter, the stays, levied nights, their accommodation price and the levy
 * collected, which the host (the accommodation provider the Act makes liable) declares to the City of Edinburgh
 * Council. A stay counts in the quarter of its check-in. Only ever the signed-in host's own stays.
 */
export class LevyReturnsService {
  constructor(private readonly db: Database) {}

  async levyReturn(user: Actor, year: number): Promise<TLevyReturn> {
    const hostId = statementPayee(user, "levy-return");
    const stays = await findLeviedStays(this.db, hostId, year);
    const quarters = new Map<string, TLevyReturn["quarters"][number]>();
    for (const stay of stays) {
      const quarter = levyQuarterOf(stay.check_in);
      const row = quarters.get(quarter) ?? { quarter, stays: 0, nights: 0, accommodationPence: 0, levyPence: 0 };
      row.stays += 1;
      row.nights += stay.levied_nights;
      row.accommodationPence += poundsToPence(stay.levied_price);
      row.levyPence += poundsToPence(stay.visitor_levy);
      quarters.set(quarter, row);
    }
    return {
      year,
      area: LEVY_AREA_LABELS.city_of_edinburgh,
      quarters: [...quarters.values()],
      demo: stays.some((s) => s.demo),
    };
  }
}
