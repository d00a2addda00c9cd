import { ZPlacesResponse } from "@common/schemas/places";
import { useQuery } from "@tanstack/react-query";
import { MapPinned } from "lucide-react";
import { lazy, Suspense, useId, useMemo } from "react";
import { LONDON_CENTRE, type MapPlace } from "@/components/map/map-view";
import { getJson } from "@/lib/api-client";
import { locationLabel, pickBoroughPlace } from "../utils/property-form-state";

// Leaflet is loaded only once a landlord has typed an address or chosen a borough.
const LocationMap = lazy(() => import("@/components/map/location-map").then((m) => ({ default: m.LocationMap })));

/** The borough's position from the bundled UK place list (GET /api/places; no API key). */
function useBoroughPosition(borough: string) {
  const q = borough.trim().slice(0, 100);
  return useQuery({
    // Same key and shape as the places autocomplete, so the two share answers.
    queryKey: ["places", q.toLowerCase()],
    queryFn: async ({ signal }) =>
      (await getJson(`/api/places?${new URLSearchParams({ q })}`, ZPlacesResponse, { signal })).places,
    enabled: q.length > 0,
    staleTime: Number.POSITIVE_INFINITY,
    select: (places) => pickBoroughPlace(q, places),
  });
}

/** The map's own frame at the preview's height while Leaflet loads. */
function MapPlaceholder() {
  return (
    <div
      role="status"
      className="flex h-[300px] items-center justify-center rounded-2xl border border-border bg-secondary"
    >
      <span className="sr-only">Loading the map…</span>
      <MapPinned aria-hidden="true" className="size-8 animate-pulse text-muted-foreground" />
    </div>
  );
}

/**
 * A 300px map that appears once an address or borough is filled in, centred on the
 * borough (London's centre until one is chosen) and captioned with the address, the borough and 'London, UK'.
 * Offline the map has no tiles, and the form works regardless.
 */
export function LocationPreview({ address, city }: { address: string; city: string }) {
  const headingId = useId();
  const borough = useBoroughPosition(city);
  // The map names the address (or the borough) and adds the rest of the label after it.
  const name = address.trim() || city.trim();
  const area = locationLabel({ address, city }).slice(name.length).replace(/^, /, "");
  const latitude = borough.data?.latitude ?? LONDON_CENTRE.latitude;
  const longitude = borough.data?.longitude ?? LONDON_CENTRE.longitude;
  const place = useMemo<MapPlace>(() => ({ name, area, latitude, longitude }), [name, area, latitude, longitude]);

  if (!address.trim() && !city.trim()) return null;

  return (
    <section aria-labelledby={headingId} className="grid gap-3">
      <h3 id={headingId} className="text-sm font-semibold text-foreground">
        Location Preview
      </h3>
      <Suspense fallback={<MapPlaceholder />}>
        {/* The shared map is taller; the preview is 300px high. */}
        <LocationMap place={place} className="shadow-none [&>div]:h-[300px]" />
      </Suspense>
    </section>
  );
}
