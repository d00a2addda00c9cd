import type * as Leaflet from "leaflet";
import { MapPinned } from "lucide-react";
import { useEffect, useRef } from "react";
import { cn } from "@/lib/utils";
import { DEFAULT_ZOOM, LONDON_CENTRE, type MapPlace, PLACE_ZOOM } from "./map-view";
import { MapStatus, useLeafletMap } from "./use-leaflet-map";

/** The pin: drawn with CSS, so no marker images need fetching (Leaflet's own break under bundlers). */
const PIN_HTML =
  '<span class="block size-5 rounded-full border-[3px] border-white bg-primary shadow-[0_2px_8px_rgb(11_19_39/0.45)]"></span>';

/**
 * A Leaflet map centred on London at zoom 12 that flies to `place` at zoom 13 and pins it. Tiles come from the server's MAP_TILE_URL. Offline, or when the tile server is unreachable, the
 * map still works without pictures: tile failures are only logged. Leaflet loads on first use.
 */
export function LocationMap({ place, className }: { place: MapPlace | null; className?: string }) {
  const containerRef = useRef<HTMLElement>(null);
  const markerRef = useRef<Leaflet.Marker | null>(null);
  const status = useLeafletMap(containerRef, (L, element) => {
    markerRef.current = null;
    return L.map(element, {
      center: [LONDON_CENTRE.latitude, LONDON_CENTRE.longitude],
      zoom: DEFAULT_ZOOM,
      // The page scrolls past the map; zoom with the buttons, a pinch or the keyboard.
      scrollWheelZoom: false,
      // One finger scrolls the page on a phone instead of being caught by the map.
      dragging: !L.Browser.mobile,
    });
  });
  const loaded = status.loaded;

  useEffect(() => {
    if (!loaded) return;
    const { L, map } = loaded;
    if (!place) {
      markerRef.current?.remove();
      markerRef.current = null;
      map.setView([LONDON_CENTRE.latitude, LONDON_CENTRE.longitude], DEFAULT_ZOOM);
      return;
    }
    const at: Leaflet.LatLngTuple = [place.latitude, place.longitude];
    map.setView(at, PLACE_ZOOM);
    if (markerRef.current) {
      markerRef.current.setLatLng(at);
    } else {
      markerRef.current = L.marker(at, {
        icon: L.divIcon({ html: PIN_HTML, className: "", iconSize: [20, 20], iconAnchor: [10, 10] }),
        // The pin only shows where the place is; the caption below names it.
        interactive: false,
        keyboard: false,
      }).addTo(map);
    }
  }, [loaded, place]);

  const description = place
    ? `Map centred on ${place.name}${place.area ? `, ${place.area}` : ""}`
    : "Map centred on London";

  return (
    <figure className={cn("overflow-hidden rounded-2xl border border-border bg-card shadow-soft", className)}>
      <div className="relative h-[350px] bg-secondary sm:h-[400px]">
        <section ref={containerRef} aria-label={description} className="absolute inset-0 z-0 bg-secondary" />
        <MapStatus {...status} />
      </div>
      <figcaption className="flex items-center gap-2 border-t border-border px-4 py-3 text-sm text-muted-foreground">
        <MapPinned aria-hidden="true" className="size-4 shrink-0 text-brass-700" />
        {place ? (
          <span>
            Showing <span className="font-medium text-foreground">{place.name}</span>
            {place.area ? `, ${place.area}` : null}
          </span>
        ) : (
          <span>Showing London. Choose a location to see it on the map.</span>
        )}
      </figcaption>
    </figure>
  );
}
