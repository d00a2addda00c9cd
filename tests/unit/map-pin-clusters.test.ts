import { describe, expect, it } from "vitest";
import { fitWithinSearchLimits } from "../../client/features/properties/public/map/map-bounds-view";
import { PinClusters } from "../../client/features/properties/public/map/pin-clusters";
import { mapBoundsProblem } from "../../common/domain/map-bounds";
import type { TMapPin } from "../../common/schemas/map-search";

/** Three homes within a few hundred metres of Camden Lock, and one in Hackney, 4 km east. */
const PINS: TMapPin[] = [
  [1, 51.5403, -0.1462, 22000, "Camden Modern Studio"],
  [2, 51.5425, -0.1534, 15950, "Regent's Canal Flat"],
  [3, 51.5412, -0.1441, 30800, "Lock Loft"],
  [4, 51.5404, -0.0812, 18700, "Hackney House"],
];
const LONDON = { west: -0.3, south: 51.4, east: 0.1, north: 51.65 };

describe("the map's clusters (real supercluster)", () => {
  it("groups Camden's close homes into one counted cluster when zoomed out, priced from its cheapest", () => {
    const markers = new PinClusters(PINS).markersIn(LONDON, 11);
    const cluster = markers.find((m) => m.kind === "cluster");
    expect(cluster).toMatchObject({ kind: "cluster", count: 3, fromPence: 15950 });
    expect(markers.filter((m) => m.kind === "pin").map((m) => m.kind === "pin" && m.id)).toEqual([4]);
  });

  it("splits the cluster into single pins when zooming in, at the zoom its expansion says", () => {
    const clusters = new PinClusters(PINS);
    const cluster = clusters.markersIn(LONDON, 11).find((m) => m.kind === "cluster");
    if (cluster?.kind !== "cluster") throw new Error("no cluster at zoom 11");
    const zoom = clusters.expansionZoom(cluster.clusterId);
    expect(zoom).toBeGreaterThan(11);
    const split = clusters.markersIn(LONDON, 17);
    expect(split.every((m) => m.kind === "pin")).toBe(true);
    expect(split.map((m) => (m.kind === "pin" ? m.id : 0)).sort()).toEqual([1, 2, 3, 4]);
    const pin = split.find((m) => m.kind === "pin" && m.id === 2);
    expect(pin).toMatchObject({ pricePence: 15950, title: "Regent's Canal Flat", latitude: 51.5425 });
  });

  it("keeps every marker clear of its neighbours on screen, so each can be tapped", () => {
    // 300 homes scattered over central London by a fixed sequence, as dense as the busiest boroughs.
    let seed = 7;
    const next = () => {
      seed = (seed * 16807) % 2147483647;
      return seed / 2147483647;
    };
    const pins: TMapPin[] = Array.from({ length: 300 }, (_, i) => [
      i + 1,
      51.48 + next() * 0.08,
      -0.2 + next() * 0.15,
      10000 + i,
      `Home ${i + 1}`,
    ]);
    const clusters = new PinClusters(pins);
    for (let zoom = 10; zoom <= 15; zoom++) {
      // Leaflet's Web Mercator: the world is 256 × 2^zoom pixels wide.
      const world = 256 * 2 ** zoom;
      const onScreen = clusters.markersIn(LONDON, zoom).map((m) => {
        const sin = Math.sin((m.latitude * Math.PI) / 180);
        return {
          x: ((m.longitude + 180) / 360) * world,
          y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * world,
        };
      });
      let closest = Number.POSITIVE_INFINITY;
      for (let i = 0; i < onScreen.length; i++) {
        for (let j = i + 1; j < onScreen.length; j++) {
          const a = onScreen[i] as { x: number; y: number };
          const b = onScreen[j] as { x: number; y: number };
          closest = Math.min(closest, Math.hypot(a.x - b.x, a.y - b.y));
        }
      }
      // The largest cluster is 44 px across: centres at least 48 px apart keep any two from overlapping.
      expect(closest, `closest markers at zoom ${zoom}, in px`).toBeGreaterThanOrEqual(48);
    }
  });

  it("finds the cluster holding a listing, so its card can light it up", () => {
    const clusters = new PinClusters(PINS);
    const markers = clusters.markersIn(LONDON, 11);
    expect(clusters.clusterHolding(markers, 2)?.count).toBe(3);
    expect(clusters.clusterHolding(markers, 4)).toBeUndefined();
  });
});

describe("the map's view as a searchable box", () => {
  it("keeps a normal view as it is", () => {
    expect(fitWithinSearchLimits(LONDON)).toEqual(LONDON);
  });

  it("shrinks a view larger than one search may cover around its centre, and keeps it inside the world", () => {
    const huge = fitWithinSearchLimits({ west: -250, south: -80, east: 200, north: 85 });
    expect(mapBoundsProblem(huge)).toBeNull();
    expect(huge.east - huge.west).toBeLessThanOrEqual(40);
  });
});
