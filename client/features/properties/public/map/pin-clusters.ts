import type { MapBounds } from "@common/domain/map-bounds";
import type { TMapPin } from "@common/schemas/map-search";
import Supercluster from "supercluster";

/** One listing on the map. */
export type PinMarker = {
  kind: "pin";
  id: number;
  latitude: number;
  longitude: number;
  pricePence: number;
  title: string;
};

/** Several listings too close to tell apart at this zoom: a count, opened by zooming in. */
export type ClusterMarker = {
  kind: "cluster";
  clusterId: number;
  latitude: number;
  longitude: number;
  count: number;
  /** The cheapest all-in nightly price among them, for the cluster's name. */
  fromPence: number;
};

export type MapMarker = PinMarker | ClusterMarker;

type PinProperties = { id: number; pricePence: number; title: string };
type ClusterProperties = { fromPence: number };

/** Pins closer than this many pixels join a cluster: about the width of a price label. */
const CLUSTER_RADIUS_PX = 72;
/**
 * Leaflet's tiles are 256 px; supercluster measures its radius against this extent (512 by default, for other
 * maps' tiles), so with its default every radius was half as wide on screen and clusters overlapped.
 */
const TILE_SIZE_PX = 256;
/** From this zoom every listing is its own pin, however close (a street's worth of flats in one block). */
export const CLUSTER_MAX_ZOOM = 16;

/**
 * The map's pins grouped by supercluster, in the browser: the server sends every pin in view once and the visitor's
 * zooming regroups them without asking again.
 */
export class PinClusters {
  private readonly index: Supercluster<PinProperties, ClusterProperties>;

  constructor(pins: readonly TMapPin[]) {
    this.index = new Supercluster<PinProperties, ClusterProperties>({
      radius: CLUSTER_RADIUS_PX,
      extent: TILE_SIZE_PX,
      maxZoom: CLUSTER_MAX_ZOOM,
      map: (pin) => ({ fromPence: pin.pricePence }),
      reduce: (total, next) => {
        total.fromPence = Math.min(total.fromPence, next.fromPence);
      },
    });
    this.index.load(
      pins.map(([id, latitude, longitude, pricePence, title]) => ({
        type: "Feature" as const,
        geometry: { type: "Point" as const, coordinates: [longitude, latitude] },
        properties: { id, pricePence, title },
      })),
    );
  }

  /** What to draw for the visible box at a whole-number zoom. */
  markersIn(bounds: MapBounds, zoom: number): MapMarker[] {
    const features = this.index.getClusters([bounds.west, bounds.south, bounds.east, bounds.north], Math.round(zoom));
    return features.map((feature) => {
      const [longitude, latitude] = feature.geometry.coordinates as [number, number];
      const props = feature.properties;
      if ("cluster" in props && props.cluster) {
        return {
          kind: "cluster",
          clusterId: props.cluster_id,
          latitude,
          longitude,
          count: props.point_count,
          fromPence: props.fromPence,
        };
      }
      const pin = props as PinProperties;
      return { kind: "pin", id: pin.id, latitude, longitude, pricePence: pin.pricePence, title: pin.title };
    });
  }

  /** The zoom at which a cluster falls apart into smaller ones or pins: where clicking it takes the map. */
  expansionZoom(clusterId: number): number {
    return Math.min(this.index.getClusterExpansionZoom(clusterId), CLUSTER_MAX_ZOOM + 1);
  }

  /** Whether a listing is inside a cluster at this zoom, and which, so its card can light the cluster up. */
  clusterHolding(markers: readonly MapMarker[], listingId: number): ClusterMarker | undefined {
    for (const marker of markers) {
      if (marker.kind !== "cluster") continue;
      const leaves = this.index.getLeaves(marker.clusterId, Number.POSITIVE_INFINITY);
      if (leaves.some((leaf) => leaf.properties.id === listingId)) return marker;
    }
    return undefined;
  }
}
