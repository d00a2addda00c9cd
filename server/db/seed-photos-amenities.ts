import { BASE_AMENITIES, EXTRA_AMENITIES, FEATURE_AMENITIES, HIGHLIGHT_ORDER } from "./seed-data/amenities";
import {
  BATHROOMS,
  BEDROOMS,
  DEMO_PHOTO_URL_PREFIX,
  type DemoPhoto,
  DINING_ROOMS,
  EXTERIORS,
  KITCHENS,
  LIVING_ROOMS,
  STUDIO_LOFT,
  STUDIO_ROOM,
} from "./seed-data/photos";
import type { Random } from "./seed-kit";
import type { ListingPlan, PlannedProperty } from "./seed-listings";

/**
 * Each demo listing's photographs and amenities, added the day it was listed. Every listing's photographs are
 * chosen before any listing's amenities, the order the random numbers have always been drawn in.
 */
export function planPhotosAndAmenities({ rnd, stamp, listings }: Omit<ListingPlan, "today">) {
  const exteriorTurns = new Map<string, number>();
  const photoRows = listings.flatMap((p) =>
    choosePhotos(p, rnd, exteriorTurns).map((photo, order) => ({
      slug: p.slug,
      row: {
        url: `${DEMO_PHOTO_URL_PREFIX}${photo.file}.webp`,
        caption: photo.caption,
        displayOrder: order,
        isMain: order === 0,
        roomType: photo.roomType,
        createdAt: stamp(p.createdDay, 12 * 60 + order),
      },
    })),
  );
  const amenityRows = listings.flatMap((p) =>
    chooseAmenities(p, rnd).map((a) => ({ slug: p.slug, row: { ...a, createdAt: stamp(p.createdDay, 12 * 60 + 30) } })),
  );
  return { photoRows, amenityRows };
}

/** 3 to 6 photographs, an exterior or a living room first, no picture twice. */
function choosePhotos(p: PlannedProperty, rnd: Random, turns: Map<string, number>): DemoPhoto[] {
  const out: DemoPhoto[] = [];
  const add = (photo: DemoPhoto | undefined) => {
    if (photo && !out.some((o) => o.file === photo.file)) out.push(photo);
  };
  // Exteriors of one style take turns, so neighbouring cards rarely share a picture.
  let exterior: DemoPhoto | undefined;
  if (p.style !== "loft") {
    const options = EXTERIORS[p.style];
    const turn = turns.get(p.style) ?? 0;
    turns.set(p.style, turn + 1);
    exterior = options[turn % options.length];
  }
  if (p.style === "loft") add(STUDIO_LOFT);
  else if (p.bedrooms === 0 || rnd.chance(0.75)) add(exterior);
  else add(rnd.pick(LIVING_ROOMS));
  if (p.bedrooms === 0) {
    add(STUDIO_ROOM);
    add(rnd.pick(BATHROOMS));
    if (rnd.chance(0.5)) add(rnd.pick(KITCHENS));
    return out;
  }
  if (p.style !== "loft") add(rnd.pick(LIVING_ROOMS));
  add(rnd.pick(KITCHENS));
  if (p.bedrooms >= 3) add(rnd.pick(DINING_ROOMS));
  for (const bedroom of rnd.shuffle(BEDROOMS).slice(0, Math.min(2, p.bedrooms))) add(bedroom);
  add(rnd.pick(BATHROOMS));
  // An exterior after the interiors, when the listing led with its living room.
  if (exterior && out[0]?.roomType !== "exterior") add(exterior);
  return out.slice(0, p.bedrooms === 1 ? 4 + rnd.int(0, 1) : 6);
}

/** 6 to 12 amenities: the basics, what the features imply, then extras; two or three highlighted. */
function chooseAmenities(p: PlannedProperty, rnd: Random) {
  const chosen = [...BASE_AMENITIES];
  for (const f of p.features) {
    const a = FEATURE_AMENITIES[f];
    if (a) chosen.push(a);
  }
  const target = Math.min(12, Math.max(6, chosen.length + rnd.int(2, 5)));
  for (const extra of rnd.shuffle(EXTRA_AMENITIES)) {
    if (chosen.length >= target) break;
    chosen.push(extra);
  }
  const list = chosen.slice(0, 12);
  const highlights = new Set(
    HIGHLIGHT_ORDER.filter((name) => list.some((a) => a.name === name)).slice(0, p.nightly > 500 ? 3 : 2),
  );
  return list.map((a) => ({ ...a, isHighlighted: highlights.has(a.name) }));
}
