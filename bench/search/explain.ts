import { findPlaces } from "../../server/repositories/properties/listings.repository";
import { migratedDatabase, startBenchPostgres } from "../support/bench-postgres";
import { explainSearches } from "./explain-search";
import { generateProperties } from "./generate-properties";

const { pgServer: server } = await startBenchPostgres("staylondon-explain-");
try {
  const { db } = await migratedDatabase(server);
  const t0 = Date.now();
  await generateProperties(db, 100_000);
  console.log(`-- generated 100k listings in ${Date.now() - t0} ms\n`);
  const placesStarted = performance.now();
  const allPlaces = await findPlaces(db);
  console.log(`-- ${allPlaces.length} distinct places read in ${(performance.now() - placesStarted).toFixed(1)} ms\n`);

  const cases: Record<string, Record<string, string>> = {
    "no filter": {},
    "city=camden&maxPrice=300": { city: "camden", maxPrice: "300" },
    "city=london&maxPrice=150": { city: "london", maxPrice: "150" },
    "city=bath": { city: "bath" },
    "q=penthouse&city=westminster": { q: "penthouse", city: "westminster" },
    "q=listing number 4242": { q: "listing number 4242" },
    "maxPrice=60": { maxPrice: "60" },
    "city=camden, page 40": { city: "camden", page: "40" },
  };
  await explainSearches(db, cases);
  await db.$client.end();
} finally {
  await server.stop();
}
