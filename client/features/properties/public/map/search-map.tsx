import { boundsParam, MAP_PIN_CAP, type MapBounds } from "@common/domain/map-bounds";
import type * as Leaflet from "leaflet";
import { useEffect, useId, useMemo, useRef, useState } from "react";
import { LONDON_CENTRE } from "@/components/map/map-view";
import { MapStatus, useLeafletMap } from "@/components/map/use-leaflet-map";
import { useSiteNavigate } from "@/lib/client-navigation";
import { formatInteger, formatPounds } from "@/lib/format";
import type { PropertyFilters } from "../api/get-properties";
import { useMapPins } from "./get-map-pins";
import { fitWithinSearchLimits } from "./map-bounds-view";
import { type MapMarker, PinClusters } from "./pin-clusters";

export type SearchMapProps = {
  /** The list's filters; the map adds its own visible box. */
  filters: PropertyFilters;
  /** The box in the URL: the view a shared link opens on, and the list's area. */
  searchedArea: MapBounds | null;
  /** Write the map's area ("west,south,east,north") into the URL (the list follows it), or take it out (null). */
  onSearchArea: (bbox: string | null) => void;
  highlightedId: number | null;
  onHighlight: (id: number | null) => void;
  /** The stay in the URL, carried to the listing a pin opens. */
  stayQuery: string;
};

type View = { bounds: MapBounds; zoom: number };

/** The map opens on central London, close enough to see boroughs apart. */
const OPENING_ZOOM = 11;
/** Zoomed out further, a view would cover more than one search may (and the UK is in view by then). */
const MIN_ZOOM = 5;

const pounds = (pence: number) => formatPounds(pence / 100);

function boundsOf(map: Leaflet.Map): MapBounds {
  const b = map.getBounds();
  return { west: b.getWest(), south: b.getSouth(), east: b.getEast(), north: b.getNorth() };
}

/** The pin's or cluster's button: a real button, so a keyboard reaches it and a screen reader names it. */
function markerButton(marker: MapMarker): HTMLButtonElement {
  const button = document.createElement("button");
  button.type = "button";
  if (marker.kind === "pin") {
    button.setAttribute("aria-label", `${pounds(marker.pricePence)} a night, ${marker.title}`);
    button.dataset.listingId = String(marker.id);
    button.textContent = pounds(marker.pricePence);
    button.className =
      "search-map-pin absolute -translate-x-1/2 -translate-y-1/2 whitespace-nowrap rounded-full border border-border " +
      "bg-card px-2.5 py-1 text-xs font-semibold tabular-nums text-foreground shadow-soft transition-colors " +
      "hover:bg-primary hover:text-primary-foreground focus-visible:outline-2 focus-visible:outline-offset-2 " +
      "focus-visible:outline-ring data-[highlighted=true]:border-primary data-[highlighted=true]:bg-primary " +
      "data-[highlighted=true]:text-primary-foreground";
  } else {
    const homes = `${formatInteger(marker.count)} homes`;
    button.setAttribute("aria-label", `${homes} from ${pounds(marker.fromPence)} a night; zoom in to see them`);
    button.textContent = formatInteger(marker.count);
    const size = marker.count >= 100 ? "size-12" : marker.count >= 10 ? "size-10" : "size-9";
    button.className =
      `search-map-cluster absolute flex -translate-x-1/2 -translate-y-1/2 items-center justify-center rounded-full ` +
      `${size} bg-primary text-sm font-semibold tabular-nums text-primary-foreground shadow-soft ring-4 ` +
      "ring-primary/20 transition-transform hover:scale-105 focus-visible:outline-2 focus-visible:outline-offset-2 " +
      "focus-visible:outline-ring data-[highlighted=true]:bg-brass-700 data-[highlighted=true]:ring-brass-500/30";
  }
  return button;
}

/**
 * The browse page's map: every matching listing in view as a price pin, grouped into counted clusters when close,
 * with "Search as I move the map". Loaded only when shown (the browse page imports it on demand), with Leaflet.
 * Without tiles (offline, or a tile server down) the pins still show on a plain background.
 */
export default function SearchMap({
  filters,
  searchedArea,
  onSearchArea,
  highlightedId,
  onHighlight,
  stayQuery,
}: SearchMapProps) {
  const id = useId();
  const navigate = useSiteNavigate();
  const containerRef = useRef<HTMLElement>(null);
  const [view, setView] = useState<View | null>(null);
  // On until the visitor turns it off: once they move the map, the list follows it.
  const [searchAsMove, setSearchAsMove] = useState(true);
  const latest = useRef({ searchAsMove, onSearchArea, searchedArea });
  latest.current = { searchAsMove, onSearchArea, searchedArea };
  /** Moves the page made itself (opening on a shared link's area) are not the visitor's and search nothing. */
  const ownMove = useRef(false);
  const buttons = useRef(new Map<number, HTMLButtonElement>());

  const status = useLeafletMap(containerRef, (L, element) => {
    const m = L.map(element, { minZoom: MIN_ZOOM, maxZoom: 18, scrollWheelZoom: true });
    const opening = latest.current.searchedArea;
    if (opening) {
      m.fitBounds([
        [opening.south, opening.west],
        [opening.north, opening.east],
      ]);
    } else {
      m.setView([LONDON_CENTRE.latitude, LONDON_CENTRE.longitude], OPENING_ZOOM);
    }
    ownMove.current = false;
    setView({ bounds: boundsOf(m), zoom: m.getZoom() });
    m.on("moveend", () => {
      const bounds = boundsOf(m);
      setView({ bounds, zoom: m.getZoom() });
      if (ownMove.current) {
        ownMove.current = false;
        return;
      }
      if (latest.current.searchAsMove) latest.current.onSearchArea(boundsParam(fitWithinSearchLimits(bounds)));
    });
    return m;
  });
  const map = status.loaded;

  // Back, forward or a pasted link changed the searched area: show it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only when the URL's area changes
  useEffect(() => {
    if (!map || !searchedArea || !view) return;
    if (boundsParam(searchedArea) === boundsParam(fitWithinSearchLimits(view.bounds))) return;
    if (contains(view.bounds, searchedArea) && containsMostOf(searchedArea, view.bounds)) return;
    ownMove.current = true;
    map.map.fitBounds([
      [searchedArea.south, searchedArea.west],
      [searchedArea.north, searchedArea.east],
    ]);
  }, [map, searchedArea ? boundsParam(searchedArea) : null]);

  const pins = useMapPins(filters, view ? fitWithinSearchLimits(view.bounds) : null);
  const clusters = useMemo(() => new PinClusters(pins.data?.pins ?? []), [pins.data]);
  const markers = useMemo(() => (view ? clusters.markersIn(view.bounds, view.zoom) : []), [clusters, view]);

  const latestHandlers = useRef({ onHighlight, navigate, stayQuery });
  latestHandlers.current = { onHighlight, navigate, stayQuery };

  useEffect(() => {
    if (!map) return;
    const { L, map: m } = map;
    const layer = L.layerGroup().addTo(m);
    const drawn = new Map<number, HTMLButtonElement>();
    for (const marker of markers) {
      const button = markerButton(marker);
      const at: Leaflet.LatLngTuple = [marker.latitude, marker.longitude];
      if (marker.kind === "pin") {
        drawn.set(marker.id, button);
        const light = () => latestHandlers.current.onHighlight(marker.id);
        const dim = () => latestHandlers.current.onHighlight(null);
        button.addEventListener("mouseenter", light);
        button.addEventListener("focus", light);
        button.addEventListener("mouseleave", dim);
        button.addEventListener("blur", dim);
        button.addEventListener("click", () => {
          const { navigate: go, stayQuery: stay } = latestHandlers.current;
          go(`/property/${marker.id}${stay}`);
        });
      } else {
        button.dataset.clusterId = String(marker.clusterId);
        button.addEventListener("click", () => m.flyTo(at, clusters.expansionZoom(marker.clusterId)));
      }
      // A zero-size anchor at the point; the button centres itself on it.
      const icon = L.divIcon({ html: button, className: "search-map-marker", iconSize: [0, 0] });
      L.marker(at, { icon, keyboard: false, riseOnHover: true }).addTo(layer);
    }
    buttons.current = drawn;
    return () => {
      buttons.current = new Map();
      layer.remove();
    };
  }, [map, markers, clusters]);

  // The card under the pointer or focus lights its pin up (or the cluster holding it).
  useEffect(() => {
    if (highlightedId === null) return;
    const pin = buttons.current.get(highlightedId);
    const cluster = pin
      ? undefined
      : containerRef.current?.querySelector<HTMLButtonElement>(
          `[data-cluster-id="${clusters.clusterHolding(markers, highlightedId)?.clusterId}"]`,
        );
    const lit = pin ?? cluster;
    if (!lit) return;
    lit.dataset.highlighted = "true";
    const holder = lit.closest<HTMLElement>(".leaflet-marker-icon");
    const zIndex = holder?.style.zIndex;
    if (holder) holder.style.zIndex = "10000";
    return () => {
      delete lit.dataset.highlighted;
      if (holder && zIndex !== undefined) holder.style.zIndex = zIndex;
    };
  }, [highlightedId, markers, clusters]);

  const toggleId = `${id}-follow`;

  return (
    <div className="relative h-full overflow-hidden rounded-2xl border border-border bg-secondary shadow-soft">
      <section
        ref={containerRef}
        aria-label="Map of the homes found"
        className="search-map absolute inset-0 z-0 bg-secondary"
      />
      <div className="pointer-events-none absolute inset-x-3 top-3 z-[500] flex flex-wrap items-start justify-end gap-2">
        <label
          htmlFor={toggleId}
          className="pointer-events-auto flex cursor-pointer items-center gap-2 rounded-full border border-border bg-card/95 px-3.5 py-2 text-sm font-medium shadow-soft backdrop-blur"
        >
          <input
            id={toggleId}
            type="checkbox"
            checked={searchAsMove}
            onChange={(event) => {
              const on = event.target.checked;
              setSearchAsMove(on);
              onSearchArea(on && view ? boundsParam(fitWithinSearchLimits(view.bounds)) : null);
            }}
            className="size-4 cursor-pointer accent-ink-800"
          />
          Search as I move the map
        </label>
      </div>
      {pins.data?.capped ? (
        <p className="absolute inset-x-3 bottom-8 z-[500] mx-auto w-fit rounded-full bg-primary px-4 py-2 text-center text-xs font-medium text-primary-foreground shadow-soft">
          Showing the first {formatInteger(MAP_PIN_CAP)} homes here. Zoom in to see every one.
        </p>
      ) : null}
      <MapStatus {...status} />
    </div>
  );
}

function contains(outer: MapBounds, inner: MapBounds): boolean {
  return (
    outer.west <= inner.west && outer.south <= inner.south && outer.east >= inner.east && outer.north >= inner.north
  );
}

/** The view is about the searched area (fitting a box leaves margins): not worth moving the map for. */
function containsMostOf(area: MapBounds, view: MapBounds): boolean {
  const size = (b: MapBounds) => (b.east - b.west) * (b.north - b.south);
  return size(area) >= size(view) * 0.5;
}
