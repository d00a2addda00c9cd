/**
 * Uploaded photos are stored in these widths (server/services/photos/photo-store.ts) and served from
 * /media/photos/<key>/<width>.webp; a photo's url names the largest. Shared so the browser can offer the
 * smaller files to small screens and cards (srcset) without asking the server.
 */
export const PHOTO_WIDTHS = [480, 960, 1600] as const;
const LARGEST = PHOTO_WIDTHS[PHOTO_WIDTHS.length - 1];

/** Where uploaded photos are served from. */
export const PHOTO_URL_PREFIX = "/media/photos/";

/** The url of an uploaded photo (its largest size) from its key. */
export function uploadedPhotoUrl(key: string): string {
  return `${PHOTO_URL_PREFIX}${key}/${LARGEST}.webp`;
}

const PHOTO_URL_PATTERN = new RegExp(`^${PHOTO_URL_PREFIX}([0-9a-f]{32})/${LARGEST}\\.webp$`);

/** The key of an uploaded photo's url; null for a photo added by address. */
export function uploadedPhotoKey(url: string): string | null {
  return PHOTO_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** The srcset of an uploaded photo's sizes; null for a photo added by address. */
export function photoSrcSet(url: string): string | null {
  const key = uploadedPhotoKey(url);
  if (!key) return null;
  return PHOTO_WIDTHS.map((width) => `${PHOTO_URL_PREFIX}${key}/${width}.webp ${width}w`).join(", ");
}
