/**
 * Who comes on a stay: adults, children (2 to 17), infants (under 2) and pets. A listing's capacity counts adults and
 * children; infants sleep in a cot and are bounded on their own. Kept free of zod so pages can read it without the
 * schema library; common/entities/party.ts builds the request and answer fields from it.
 */

/** The most adults and children together one booking may bring, whatever the listing's own capacity. */
export const MAX_PARTY_GUESTS = 100;
/** Infants travel in cots: a few at most. */
export const MAX_INFANTS = 5;
/** Pets a stay may bring where the listing allows them. */
export const MAX_PETS = 5;

export const PARTY_KINDS = ["adults", "children", "infants", "pets"] as const;
export type PartyKind = (typeof PARTY_KINDS)[number];
export type TParty = Record<PartyKind, number>;

/** The fewest of each a party may have: a stay is booked by at least one adult. */
export const PARTY_MIN: TParty = { adults: 1, children: 0, infants: 0, pets: 0 };
export const PARTY_MAX: TParty = {
  adults: MAX_PARTY_GUESTS,
  children: MAX_PARTY_GUESTS,
  infants: MAX_INFANTS,
  pets: MAX_PETS,
};

/** A request's party as sent: the new fields, and the old single count (`guests` or `guestCount`). */
export type PartyAsk = Partial<TParty> & { guests?: number | undefined };

/** The party a request means: the old count stands for adults when the new fields are absent. */
export function partyOf(ask: PartyAsk): TParty {
  return {
    adults: ask.adults ?? ask.guests ?? PARTY_MIN.adults,
    children: ask.children ?? 0,
    infants: ask.infants ?? 0,
    pets: ask.pets ?? 0,
  };
}

/** Who counts against a listing's capacity: adults and children, never infants or pets. */
export const guestsCounted = (party: Pick<TParty, "adults" | "children">) => party.adults + party.children;

export const PARTY_TOO_LARGE = `Adults and children together must be at most ${MAX_PARTY_GUESTS}`;
export const PARTY_DISAGREES = "guests must equal adults plus children when both are given";

/** A party's problem across its fields, with the field it belongs to; null when it makes sense. */
export function partyProblem(ask: PartyAsk): { message: string; path: string } | null {
  const party = partyOf(ask);
  if (guestsCounted(party) > MAX_PARTY_GUESTS) return { message: PARTY_TOO_LARGE, path: "children" };
  if (ask.guests !== undefined && ask.adults !== undefined && ask.guests !== guestsCounted(party)) {
    return { message: PARTY_DISAGREES, path: "guests" };
  }
  return null;
}

/** The counts after the first, each named, as the landlord and the guest read them. */
function withExtras(first: string[], party: TParty): string {
  if (party.infants > 0) first.push(plural(party.infants, "infant"));
  if (party.pets > 0) first.push(plural(party.pets, "pet"));
  return first.join(", ");
}

/** "3 guests, 1 infant, 1 pet": adults and children together, as a guest counts heads. */
export const partySummary = (party: TParty) => withExtras([plural(guestsCounted(party), "guest")], party);

/** "2 adults, 1 child, 1 infant, 1 pet": each kind named, as the landlord reads the party. */
export function partyDetail(party: TParty): string {
  const first = [plural(party.adults, "adult")];
  if (party.children > 0) first.push(party.children === 1 ? "1 child" : `${party.children} children`);
  return withExtras(first, party);
}

const plural = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;
