import { londonToday } from "../../../common/domain/calendar-dates";
import { allInNightlyText } from "../../../common/domain/pricing";
import { levyPercentOn } from "../../../common/domain/uk-law";
import type { TSavedProperty } from "../../../common/schemas/saved-properties";
import type { Database } from "../../db/client";
import { ConflictError, notFound } from "../../lib/errors";
import { parsePropertyRef } from "../../lib/property-ref";
import {
  deleteSavedProperty,
  findPropertyForSaving,
  findSavedItems,
  insertSavedProperty,
  type SavedItemRow,
} from "../../repositories/properties/saved.repository";

/**
 * A user's saved properties. Every method takes the signed-in user's id from the route, so a
 * user only ever reads or changes their own list.
 */
export class SavedPropertiesService {
  constructor(private readonly db: Database) {}

  async findSavedProperties(userId: number): Promise<TSavedProperty[]> {
    return (await findSavedItems(this.db, userId)).map(toSavedProperty);
  }

  /** Saves a listed property; saving it again is not an error. `created` tells the two apart. */
  async createSavedProperty(userId: number, propertyRef: string): Promise<{ saved: TSavedProperty; created: boolean }> {
    const propertyId = await this.listedPropertyId(propertyRef);
    const created = await insertSavedProperty(this.db, userId, propertyId);
    const [row] = await findSavedItems(this.db, userId, propertyId);
    // Only a removal racing this save leaves nothing to answer with.
    if (!row) throw new ConflictError("The property was removed from your saved list meanwhile. Please try again.");
    return { saved: toSavedProperty(row), created };
  }

  async deleteSavedProperty(userId: number, propertyRef: string): Promise<void> {
    const propertyId = await this.listedPropertyId(propertyRef);
    if (!(await deleteSavedProperty(this.db, userId, propertyId))) {
      throw notFound("This property is not in your saved list.");
    }
  }

  private async listedPropertyId(ref: string): Promise<number> {
    const parsed = parsePropertyRef(ref);
    const property = parsed && (await findPropertyForSaving(this.db, parsed));
    if (!property?.isActive) throw notFound("Property not found");
    return property.id;
  }
}

function toSavedProperty(row: SavedItemRow): TSavedProperty {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    property: {
      id: row.propertyId,
      slug: row.slug,
      title: row.title,
      description: row.description,
      city: row.city,
      images: row.images,
      bedrooms: row.bedrooms,
      bathrooms: row.bathrooms,
      maxGuests: row.maxGuests,
      pricePerNight: row.pricePerNight,
      // Tonight's figure, as the listing's cards show it without dates.
      allInPricePerNight: allInNightlyText(row.pricePerNight, {
        levyPercent: levyPercentOn(row.levyArea, londonToday()),
      }),
      rating: row.rating,
    },
  };
}
