import type { BuildingStyle } from "./types";

/**
 * The generated photographs in server/assets/demo-photos (made by scripts/generate-demo-photos.ts),
 * served at /media/demo/<file>. Captions describe what each picture actually shows.
 */
export const DEMO_PHOTO_URL_PREFIX = "/media/demo/";

export type RoomType = "exterior" | "living_room" | "bedroom" | "kitchen" | "bathroom" | "dining_room" | "studio";
export type DemoPhoto = { file: string; caption: string; roomType: RoomType };

const photo = (file: string, caption: string, roomType: RoomType): DemoPhoto => ({ file, caption, roomType });

export const EXTERIORS: Record<Exclude<BuildingStyle, "loft">, DemoPhoto[]> = {
  georgian: [
    photo("exterior-georgian-terrace-1", "Georgian terrace with black front doors", "exterior"),
    photo("exterior-georgian-terrace-2", "Red-brick Georgian terrace", "exterior"),
    photo("exterior-georgian-terrace-3", "Georgian terrace with a slate mansard", "exterior"),
  ],
  mansion: [
    photo("exterior-mansion-block-1", "Red-brick mansion block", "exterior"),
    photo("exterior-mansion-block-2", "Mansion block with white stone bays", "exterior"),
    photo("exterior-mansion-block-3", "Edwardian mansion block frontage", "exterior"),
  ],
  stucco: [
    photo("exterior-stucco-villa-1", "White stucco villa with a columned porch", "exterior"),
    photo("exterior-stucco-villa-2", "Stucco frontage behind a clipped hedge", "exterior"),
  ],
  mews: [
    photo("exterior-mews-house-1", "Cobbled mews with wisteria", "exterior"),
    photo("exterior-mews-house-2", "Painted mews houses", "exterior"),
  ],
  tower: [
    photo("exterior-riverside-tower-1", "The building from across the river", "exterior"),
    photo("exterior-riverside-tower-2", "The riverside tower at dusk", "exterior"),
  ],
  victorian: [
    photo("exterior-victorian-conversion-1", "Bay-fronted Victorian houses", "exterior"),
    photo("exterior-victorian-conversion-2", "Victorian frontage and front garden", "exterior"),
  ],
};

export const LIVING_ROOMS: DemoPhoto[] = [
  photo("living-room-sage-1", "Sitting room with tall sash windows", "living_room"),
  photo("living-room-navy-1", "Living room with floor-to-ceiling windows", "living_room"),
  photo("living-room-ivory-1", "Light-filled sitting room with a fireplace", "living_room"),
  photo("living-room-terracotta-1", "Living room in warm terracotta tones", "living_room"),
  photo("living-room-stone-1", "Drawing room with a marble fireplace", "living_room"),
  photo("living-room-sage-2", "Open living area with city views", "living_room"),
];

export const BEDROOMS: DemoPhoto[] = [
  photo("bedroom-ivory-1", "Principal bedroom with a panelled wall", "bedroom"),
  photo("bedroom-navy-1", "Bedroom with a navy headboard", "bedroom"),
  photo("bedroom-sage-1", "Sage bedroom with a globe pendant", "bedroom"),
  photo("bedroom-terracotta-1", "Double bedroom in terracotta and cream", "bedroom"),
  photo("bedroom-blush-1", "Guest bedroom with a soft pink wall", "bedroom"),
];

export const KITCHENS: DemoPhoto[] = [
  photo("kitchen-island-oak-1", "Oak kitchen with island seating", "kitchen"),
  photo("kitchen-navy-1", "Navy kitchen with brass fittings", "kitchen"),
  photo("kitchen-sage-1", "Sage kitchen with open shelves", "kitchen"),
  photo("kitchen-marble-1", "Kitchen with a marble splashback", "kitchen"),
];

export const BATHROOMS: DemoPhoto[] = [
  photo("bathroom-marble-1", "Bathroom with a freestanding bath", "bathroom"),
  photo("bathroom-sage-1", "Sage-tiled bathroom", "bathroom"),
  photo("bathroom-navy-1", "Bathroom with navy tiles and brass lights", "bathroom"),
];

export const DINING_ROOMS: DemoPhoto[] = [
  photo("dining-room-stone-1", "Dining room seating six", "dining_room"),
  photo("dining-room-blush-1", "Dining room between two tall windows", "dining_room"),
];

export const STUDIO_LOFT = photo("studio-loft-1", "Open-plan loft with steel windows", "living_room");
export const STUDIO_ROOM = photo("studio-compact-1", "Studio with sleeping area and kitchenette", "studio");
