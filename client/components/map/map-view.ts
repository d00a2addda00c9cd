/** A point to show on a map, with what it is called. */
export type MapPlace = { name: string; area?: string; latitude: number; longitude: number };

/** The map opens on London at zoom 12 and zooms to 13 on a chosen place. */
export const LONDON_CENTRE = { latitude: 51.5074, longitude: -0.1278 } as const;
export const DEFAULT_ZOOM = 12;
export const PLACE_ZOOM = 13;

/** Leaflet shows attribution as HTML; the configured text is shown as text, never as markup. */
export function escapeHtml(text: string): string {
  return text.replace(
    /[&<>"']/g,
    (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c] ?? c,
  );
}
