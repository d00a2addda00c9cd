type Leaflet = typeof import("leaflet");

let loading: Promise<Leaflet> | null = null;

/**
 * Leaflet and its stylesheet, fetched the first time a map is shown, so neither weighs on the entry
 * chunk. Leaflet ships as UMD: the bundler hands it over as the module's default export.
 */
export function loadLeaflet(): Promise<Leaflet> {
  loading ??= Promise.all([import("leaflet"), import("leaflet/dist/leaflet.css")])
    .then(([module]) => (module as unknown as { default?: Leaflet }).default ?? module)
    .catch((error: unknown) => {
      // Let a later map try again (after a flaky connection, say).
      loading = null;
      throw error;
    });
  return loading;
}
