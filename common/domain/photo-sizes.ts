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

/**
 * A profile photo is one small square (an avatar is never shown larger than a few dozen pixels, twice that on a
 * sharp screen), stored as the smallest of the listing sizes so it is served and deleted like any uploaded photo.
 */
export const AVATAR_SIZE = PHOTO_WIDTHS[0];

/** The url of an uploaded profile photo from its key. */
export function uploadedAvatarUrl(key: string): string {
  return `${PHOTO_URL_PREFIX}${key}/${AVATAR_SIZE}.webp`;
}

const STORED_URL_PATTERN = new RegExp(`^${PHOTO_URL_PREFIX}([0-9a-f]{32})/(?:${PHOTO_WIDTHS.join("|")})\\.webp$`);

/** The key of any uploaded file's url, a listing photo's or a profile photo's; null for anything else. */
export function storedPhotoKey(url: string): string | null {
  return STORED_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** The key of an uploaded photo's url; null for a photo added by address. */
export function uploadedPhotoKey(url: string): string | null {
  return PHOTO_URL_PATTERN.exec(url)?.[1] ?? null;
}

/** The demo photos are 1200 px wide and also come in these widths (scripts/make-image-sizes.ts). */
export const DEMO_PHOTO_WIDTHS = [480, 800] as const;
const DEMO_PHOTO_FULL_WIDTH = 1200;
const DEMO_PHOTO_PATTERN = /^\/media\/demo\/([a-z0-9-]+)\.webp$/;

/** The file name of a picture's smaller copy: hero-london → hero-london-w640. */
export function sizedName(name: string, width: number): string {
  return `${name}-w${width}`;
}

/** The srcset of an uploaded or demo photo's sizes; null for a photo added by address. */
export function photoSrcSet(url: string): string | null {
  const key = uploadedPhotoKey(url);
  if (key) return PHOTO_WIDTHS.map((width) => `${PHOTO_URL_PREFIX}${key}/${width}.webp ${width}w`).join(", ");
  const demo = DEMO_PHOTO_PATTERN.exec(url)?.[1];
  // A smaller copy has no copies of its own.
  if (!demo || /-w\d+$/.test(demo)) return null;
  const smaller = DEMO_PHOTO_WIDTHS.map((width) => `/media/demo/${sizedName(demo, width)}.webp ${width}w`);
  return [...smaller, `${url} ${DEMO_PHOTO_FULL_WIDTH}w`].join(", ");
}
