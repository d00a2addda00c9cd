import { z } from "zod";

/** GET /api/levy-returns/{year}: a calendar year, from the levy's first year. */
export const ZLevyYearParam = z.object({
  year: z.coerce
    .number({ error: "The year must be a number such as 2026" })
    .int("The year must be a whole number such as 2026")
    .min(2026, "Edinburgh's visitor levy starts in 2026")
    .max(2100, "The year must be 2100 or earlier"),
});

/** One quarter of a host's visitor levy return: what they declare to the council. Amounts in pence. */
export const ZLevyQuarter = z.object({
  quarter: z.string().describe("2026-Q3"),
  stays: z.number().int(),
  nights: z.number().int(),
  accommodationPence: z.number().int(),
  levyPence: z.number().int(),
});

export const ZLevyReturn = z.object({
  year: z.number().int(),
  area: z.string(),
  quarters: z.array(ZLevyQuarter),
  /** Whether any stay counted was demo money (no card charged). */
  demo: z.boolean(),
});
export type TLevyReturn = z.infer<typeof ZLevyReturn>;
