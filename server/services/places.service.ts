import { readFileSync } from "node:fs";
import { z } from "zod";
import { PLACE_KINDS, PLACES_LIMIT, type TPlace } from "../../common/schemas/places";
import { fromRoot } from "../lib/project-root";

/** server/assets/uk-places.json, written by scripts/generate-uk-places.ts: one short array per place. */
const ZPlacesFile = z.object({
  columns: z.tuple([
    z.literal("name"),
    z.literal("area"),
    z.literal("latitude"),
    z.literal("longitude"),
    z.literal("kind"),
    z.literal("weight"),
  ]),
  places: z.array(z.tuple([z.string(), z.string(), z.number(), z.number(), z.enum(PLACE_KINDS), z.number().int()])),
});

/** A place ready to match: its words written as a query is, and how prominent it is. */
export type IndexedPlace = {
  place: TPlace;
  /** Ranks equal matches: London 4, boroughs and major cities 3, London districts 2, county towns 1. */
  weight: number;
  name: string;
  nameWords: string[];
  areaWords: string[];
};

/**
 * Lower case without accents or apostrophes, other punctuation as spaces: "King's Cross" → "kings cross",
 * "Stoke-on-Trent" → "stoke on trent", "Ynys Môn" → "ynys mon".
 */
export function normalizePlaceText(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/['’‘`]/g, "")
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

export function indexPlace(place: TPlace, weight = 0): IndexedPlace {
  const name = normalizePlaceText(place.name);
  return {
    place,
    weight,
    name,
    nameWords: name.split(" "),
    areaWords: normalizePlaceText(place.area).split(" "),
  };
}

// Names are already lower-case ASCII-ish; a plain comparison is many times faster than localeCompare.
const compareText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

const startsAWord = (words: string[], token: string) => words.some((word) => word.startsWith(token));

/**
 * How well a place matches the query, best first; null when it does not match.
 * 0: the whole name ("camden"); 1: the start of the name ("cam", "camden t"); 2: every word of the query
 * starts a word of the name ("town" finds Camden Town); 3: the same over name and area, at least one
 * word in the name ("kensington liv" finds Kensington, Liverpool).
 */
function matchTier(entry: IndexedPlace, query: string, tokens: string[]): number | null {
  if (entry.name === query) return 0;
  if (entry.name.startsWith(query)) return 1;
  if (tokens.every((t) => startsAWord(entry.nameWords, t))) return 2;
  if (
    tokens.some((t) => startsAWord(entry.nameWords, t)) &&
    tokens.every((t) => startsAWord(entry.nameWords, t) || startsAWord(entry.areaWords, t))
  ) {
    return 3;
  }
  return null;
}

/**
 * Case- and accent-insensitive prefix search on words. Best matches first: the tier above, then the
 * more prominent place, then the shorter name, then alphabetical; at most `limit`.
 */
export function searchPlaces(index: readonly IndexedPlace[], text: string, limit = PLACES_LIMIT): TPlace[] {
  const query = normalizePlaceText(text);
  if (query === "") return [];
  const tokens = query.split(" ");
  const matches: { entry: IndexedPlace; tier: number }[] = [];
  for (const entry of index) {
    const tier = matchTier(entry, query, tokens);
    if (tier !== null) matches.push({ entry, tier });
  }
  matches.sort(
    (a, b) =>
      a.tier - b.tier ||
      b.entry.weight - a.entry.weight ||
      a.entry.name.length - b.entry.name.length ||
      compareText(a.entry.name, b.entry.name) ||
      compareText(a.entry.place.area, b.entry.place.area),
  );
  return matches.slice(0, limit).map((m) => m.entry.place);
}

/** Reads and checks the bundled list; a broken file stops the app at start rather than on a request. */
export function loadPlaceIndex(file = fromRoot("server/assets/uk-places.json")): IndexedPlace[] {
  const parsed = ZPlacesFile.parse(JSON.parse(readFileSync(file, "utf8")));
  return parsed.places.map(([name, area, latitude, longitude, kind, weight]) =>
    indexPlace({ name, area, latitude, longitude, kind }, weight),
  );
}

/** UK location autocomplete from the bundled list (no API key, no network): loaded once, searched in memory. */
export class PlacesService {
  constructor(private readonly index: readonly IndexedPlace[] = loadPlaceIndex()) {}

  findPlaces(text: string): TPlace[] {
    return searchPlaces(this.index, text);
  }
}
