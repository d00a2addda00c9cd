import { z } from "zod";
import { PARTY_MAX, PARTY_MIN, type PartyKind } from "../domain/party";

/**
 * Who comes on a stay as requests take it and answers give it (the counts' bounds and rules: common/domain/party.ts).
 * Searches, quotes and bookings take these fields; older links and API clients send one number of guests instead,
 * which then means adults.
 */

export * from "../domain/party";

/** A count of one kind: whole, within its bounds; `coerce` for a query string, plain for a JSON body. */
function partyCount(kind: PartyKind, coerce: boolean) {
  const number = coerce
    ? z.coerce.number({ error: `${kind} must be a number` })
    : z.number({ error: `${kind} must be a number` });
  return number
    .int(`${kind} must be a whole number`)
    .min(PARTY_MIN[kind], kind === "adults" ? "At least 1 adult is required" : `${kind} must be 0 or more`)
    .max(PARTY_MAX[kind], `${kind} must be at most ${PARTY_MAX[kind]}`)
    .optional();
}

/** The party's fields as a request takes them, each optional (a missing one is 0, adults 1 or `guests`). */
export const partyInputFields = (coerce = false) => ({
  adults: partyCount("adults", coerce),
  children: partyCount("children", coerce),
  infants: partyCount("infants", coerce),
  pets: partyCount("pets", coerce),
});

/** The party as stored and answered. */
export const partyRecordFields = {
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  pets: z.number().int(),
};
export const ZParty = z.object(partyRecordFields);

