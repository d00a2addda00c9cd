import { PARTY_KINDS, PARTY_MAX, PARTY_MIN, type TParty } from "@common/domain/party";
import { parseGuests } from "@/lib/stay-search";

/**
 * Who comes, as URLs carry it: ?adults&children&infants&pets. An older link's ?guests=N means N adults. A count
 * outside its bounds counts as not given, as a bad guests value always has.
 */
export function readParty(params: URLSearchParams): TParty | undefined {
  const count = (kind: keyof TParty) => {
    const raw = params.get(kind);
    if (!raw || !/^\d{1,3}$/.test(raw)) return undefined;
    const n = Number(raw);
    return n >= PARTY_MIN[kind] && n <= PARTY_MAX[kind] ? n : undefined;
  };
  const adults = count("adults") ?? parseGuests(params.get("guests"));
  if (adults === undefined) return undefined;
  return { adults, children: count("children") ?? 0, infants: count("infants") ?? 0, pets: count("pets") ?? 0 };
}

/**
 * Writes the party into a copy of `params` (undefined: any party), dropping the old guests count so the two never
 * disagree; zero counts are left out.
 */
export function writeParty(params: URLSearchParams, party: TParty | undefined): URLSearchParams {
  const next = new URLSearchParams(params);
  next.delete("guests");
  for (const kind of PARTY_KINDS) {
    const value = party?.[kind] ?? 0;
    if (party && (value > 0 || kind === "adults")) next.set(kind, String(value));
    else next.delete(kind);
  }
  return next;
}

/** "?…&adults=2&children=1" appended to a link's query ("" or "?…"), so the next page keeps who comes. */
export function withPartyQuery(query: string, party: TParty | undefined): string {
  const params = writeParty(new URLSearchParams(query), party);
  const text = params.toString();
  return text ? `?${text}` : "";
}
