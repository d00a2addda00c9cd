/**
 * The amenities a landlord can tick on the property form, by the group the listing page shows them in. The building's
 * and the outdoor features (parking, a garden, a lift…) are the form's Property Features instead (property-options.ts).
 */
export const AMENITY_GROUPS = {
  Essentials: ["Wi-Fi", "Heating", "Linen and towels", "Hairdryer", "Iron", "Toiletries"],
  Kitchen: ["Washing machine", "Dishwasher", "Oven and hob", "Microwave", "Fridge freezer", "Coffee machine"],
  Comfort: ["Smart TV", "Workspace", "Blackout blinds"],
  Family: ["Travel cot", "High chair"],
  Access: ["Step-free access", "Bicycle storage"],
  Safety: ["Smoke alarm", "Carbon monoxide alarm", "Fire extinguisher", "First aid kit"],
} as const;

export type AmenityGroup = keyof typeof AMENITY_GROUPS;
export type AmenityName = (typeof AMENITY_GROUPS)[AmenityGroup][number];

export const AMENITY_NAMES = Object.values(AMENITY_GROUPS).flat() as AmenityName[];

/** The group an amenity is shown in. */
export function amenityGroupOf(name: string): AmenityGroup | null {
  for (const [group, names] of Object.entries(AMENITY_GROUPS) as [AmenityGroup, readonly string[]][]) {
    if (names.includes(name)) return group;
  }
  return null;
}
