import type * as Leaflet from "leaflet";
import { MapPinned, RotateCw } from "lucide-react";
import { type RefObject, useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useMapConfig } from "./get-map-config";
import { loadLeaflet } from "./load-leaflet";
import { escapeHtml } from "./map-view";

export type LoadedMap = { L: typeof Leaflet; map: Leaflet.Map };

/**
 * A Leaflet map in `container`, made by `create` once Leaflet and the tile settings (MAP_TILE_URL) are in, with the
 * configured tiles on it. Offline, or when the tile server is unreachable, the map still works without pictures:
 * tile failures are only logged, once per map. `retry` rebuilds it after Leaflet itself failed to load.
 */
export function useLeafletMap(
  container: RefObject<HTMLElement | null>,
  create: (L: typeof Leaflet, element: HTMLElement) => Leaflet.Map,
) {
  const config = useMapConfig();
  const [loaded, setLoaded] = useState<LoadedMap | null>(null);
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const latestCreate = useRef(create);
  latestCreate.current = create;
  const tileUrl = config.data?.tileUrl;
  const attribution = config.data?.attribution;

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` rebuilds the map after Retry
  useEffect(() => {
    const element = container.current;
    if (!element || tileUrl === undefined || attribution === undefined) return;
    let cancelled = false;
    let map: Leaflet.Map | undefined;
    setFailed(false);
    loadLeaflet()
      .then((L) => {
        if (cancelled) return;
        map = latestCreate.current(L, element);
        map.attributionControl.setPrefix(false);
        L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 19 })
          .once("tileerror", () => console.warn(`Map tiles could not be loaded from ${tileUrl}`))
          .addTo(map);
        setLoaded({ L, map });
      })
      .catch((error: unknown) => {
        console.warn("The map could not be loaded", error);
        if (!cancelled) setFailed(true);
      });
    return () => {
      cancelled = true;
      setLoaded(null);
      map?.remove();
    };
  }, [tileUrl, attribution, attempt]);

  return {
    loaded,
    unavailable: config.isError || failed,
    retry: () => {
      if (config.isError) void config.refetch();
      else setAttempt((n) => n + 1);
    },
  };
}

/** Over the map while it loads, or in its place with a Retry button when it could not be loaded. */
export function MapStatus({ loaded, unavailable, retry }: ReturnType<typeof useLeafletMap>) {
  if (unavailable) {
    return (
      <div className="absolute inset-0 z-10 flex flex-col items-center justify-center gap-3 bg-secondary p-6 text-center">
        <MapPinned aria-hidden="true" className="size-8 text-muted-foreground" />
        <p className="text-sm text-muted-foreground">The map could not be loaded.</p>
        <Button variant="outline" size="sm" onClick={retry}>
          <RotateCw aria-hidden="true" />
          Retry
        </Button>
      </div>
    );
  }
  if (loaded) return null;
  return (
    <div role="status" className="absolute inset-0 z-10 flex items-center justify-center bg-secondary">
      <span className="sr-only">Loading the map…</span>
      <MapPinned aria-hidden="true" className="size-8 animate-pulse text-muted-foreground" />
    </div>
  );
}
