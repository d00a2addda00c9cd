import { sql } from "drizzle-orm";
import { londonToday } from "../../../common/domain/calendar-dates";
import {
  MAXIMUM_TERM_REFUSED,
  MINIMUM_TERM_REFUSED,
  PERIODIC_MIN_TENANCY_MONTHS,
  periodicTenancyApplies,
} from "../../../common/domain/periodic-tenancy";
import { photoSrcSet } from "../../../common/domain/photo-sizes";
import { LONDON_BOROUGHS, type PropertyStatus } from "../../../common/domain/property-options";
import { propertyStatus } from "../../../common/domain/property-status";
import {
  PROPERTY_CARD_COLUMNS,
  PROPERTY_LISTING_COLUMNS,
  PROPERTY_OWNER_COLUMNS,
  propertyDetailsToStore,
  STAY_MODE_FIELDS,
  type TStayModes,
} from "../../../common/entities/property";
import type { PropertyDetailKey } from "../../../common/entities/property-details";
import type {
  TManagedPhoto,
  TManagedProperty,
  TShortLetCount,
  TShortLetPermissionRequest,
} from "../../../common/schemas/landlord-properties";
import {
  listingPlaceOf,
  MAX_PHOTOS_PER_PROPERTY,
  stayModesOf,
  type TCreateProperty,
  type TUpdateProperty,
} from "../../../common/schemas/property-form";
import { type Actor, propertyOr404 } from "../../access/records";
import type { Database, Tx } from "../../db/client";
import { badRequest, ConflictError, notFound } from "../../lib/errors";
import { auditLabel } from "../../lib/person-names";
import { recordAudit } from "../../repositories/audit-logs.repository";
import {
  deletePhotoRow,
  findAmenityNames,
  findPhotos,
  findPropertyRow,
  findSlugsLike,
  insertAmenities,
  insertPhotos,
  insertProperty,
  lockPropertyForPhotos,
  type PhotoRow,
  type PropertyFieldsRow,
  type PropertyRow,
  replaceAmenities,
  updatePropertyFields,
  updatePropertyState,
  updateShortLetPermission,
  writeMainPhoto,
  writePhotoOrder,
} from "../../repositories/properties/landlord-listings.repository";
import { shortLetCounts } from "../../repositories/short-let-ledger.repository";
import type { PhotoStore, StagedPhoto } from "../photos/photo-store";
import { normalizePlaceText, type PlacesService } from "../places.service";

type Manager = Actor;

/** A listing StayLondon removed cannot be listed or marked under maintenance again by its owner's side. */
export function listingRemoved(reason: string | null): ConflictError {
  return new ConflictError(
    `StayLondon removed this listing: ${reason ?? "no reason was recorded"}. Contact support to list it again.`,
  );
}

export const TOO_MANY_PHOTOS = `A property can have at most ${MAX_PHOTOS_PER_PROPERTY} photos`;

const SLUG_MAX = 120;
/** Room left for "-<n>" when a slug is taken. */
const SLUG_BASE_MAX = SLUG_MAX - 8;
/** Static paths beside /api/properties/{id}: a listing with such a slug could never be opened by it. */
const RESERVED_SLUGS = new Set(["my-properties", "saved", "managed"]);
/** Namespace of the advisory locks that let creations with the same title take slugs one at a time. */
const SLUG_LOCK_NAMESPACE = 51_120;
const SLUG_ATTEMPTS = 5;

/**
 * Creating and editing a landlord's listings and their photos. Every method for an existing
 * property starts with manageablePropertyOr404: the owner or an admin, else the same 404 as for a
 * property that does not exist.
 */
export class LandlordPropertiesService {
  constructor(
    private readonly db: Database,
    private readonly places: PlacesService,
    readonly photos: PhotoStore,
    /** The clock "today" is read from for the rules with dates (tests move it across 1 May 2026). */
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** The property if `user` may manage it (else 404), with its photo count for upload limits. */
  async manageable(ref: string, user: Manager): Promise<{ id: number; photoCount: number }> {
    const { id } = await propertyOr404(this.db, ref, user);
    return { id, photoCount: (await findPhotos(this.db, id)).length };
  }

  /**
   * One transaction for the listing, its amenities and its photos: device photos first, then the
   * addresses in `images`; the first is the main photo. `uploads` are moved into place just before the rows are
   * committed, and dropped if anything fails.
   */
  async createProperty(
    owner: { id: number },
    input: TCreateProperty,
    uploads: StagedPhoto[],
  ): Promise<TManagedProperty> {
    const id = await this.photos.keepWith(uploads, async () => {
      const urls = [...uploads.map((u) => u.url), ...(input.images ?? [])];
      if (urls.length > MAX_PHOTOS_PER_PROPERTY) throw badRequest(TOO_MANY_PHOTOS);
      const fields = this.fieldsRow(input);
      const base = slugBase(input.title);
      const amenities = [...new Set(input.amenities ?? [])];
      return this.withSlugRetry(async (tx) => {
        const slug = await freeSlug(tx, base);
        const propertyId = await insertProperty(tx, { ...fields, ownerId: owner.id, slug });
        await insertAmenities(tx, propertyId, amenities);
        await insertPhotos(
          tx,
          propertyId,
          urls.map((url, index) => ({ url, displayOrder: index, isMain: index === 0 })),
        );
        return propertyId;
      });
    });
    return this.managedById(id);
  }

  /**
   * Records (or clears) the planning permission that lifts London's yearly short-let limit for this home, with a
   * System Logs entry: it is the landlord's statement, and the first thing to check if the count is questioned.
   */
  async setShortLetPermission(
    ref: string,
    user: Manager & { firstName: string | null; lastName: string | null; email: string },
    input: TShortLetPermissionRequest,
  ): Promise<TManagedProperty> {
    const { id } = await propertyOr404(this.db, ref, user);
    await this.db.transaction(async (tx) => {
      await updateShortLetPermission(tx, id, input.permission);
      await recordAudit(tx, {
        type: "info",
        action: input.permission ? "property.short_let_permission_recorded" : "property.short_let_permission_cleared",
        message: input.permission
          ? `Recorded planning permission for short lets (${input.permission}) on listing ${id}`
          : `Cleared the planning permission for short lets on listing ${id}`,
        actor: { id: user.id, label: auditLabel(user) },
        target: { type: "property", id },
        details: { permission: input.permission },
      });
    });
    return this.managedById(id);
  }

  async getManagedProperty(ref: string, user: Manager): Promise<TManagedProperty> {
    const { id } = await propertyOr404(this.db, ref, user, "read");
    return this.managedById(id);
  }

  /** Rewrites every field; a missing optional one is cleared (null, or its default). */
  async updateProperty(ref: string, user: Manager, input: TUpdateProperty): Promise<TManagedProperty> {
    const { id } = await propertyOr404(this.db, ref, user);
    const fields = { ...this.fieldsRow(input), cancellationPolicy: input.cancellationPolicy ?? "moderate" };
    const updated = await this.db.transaction(async (tx) => {
      const done = await updatePropertyFields(tx, id, fields);
      // An edit that sends no amenities leaves them as they are.
      if (done && input.amenities) await replaceAmenities(tx, id, input.amenities);
      return done;
    });
    if (!updated) throw notFound("Property not found");
    return this.managedById(id);
  }

  /**
   * active: listed and bookable; inactive: unlisted; maintenance: listed but closed to bookings. A listing
   * StayLondon removed stays unlisted until an admin restores it (Property Management), whoever asks here.
   */
  async changeStatus(ref: string, user: Manager, status: PropertyStatus): Promise<TManagedProperty> {
    const { id } = await propertyOr404(this.db, ref, user);
    const state = {
      active: { isActive: true, underMaintenance: false },
      inactive: { isActive: false, underMaintenance: false },
      maintenance: { isActive: true, underMaintenance: true },
    }[status];
    if (!(await updatePropertyState(this.db, id, state))) {
      const row = await findPropertyRow(this.db, id);
      if (row?.removedAt) throw listingRemoved(row.removalReason);
      throw notFound("Property not found");
    }
    return this.managedById(id);
  }

  /** Adds photos after the existing ones; the first photo a property gets becomes its main photo. */
  async addPhotos(propertyId: number, uploads: StagedPhoto[], urls: string[]): Promise<TManagedPhoto[]> {
    await this.photos.keepWith(uploads, () =>
      this.db.transaction(async (tx) => {
        if (!(await lockPropertyForPhotos(tx, propertyId))) throw notFound("Property not found");
        const existing = await findPhotos(tx, propertyId);
        const added = [...uploads.map((u) => u.url), ...urls];
        if (existing.length + added.length > MAX_PHOTOS_PER_PROPERTY) throw badRequest(TOO_MANY_PHOTOS);
        const nextOrder = existing.reduce((max, p) => Math.max(max, p.displayOrder + 1), 0);
        const hasMain = existing.some((p) => p.isMain);
        await insertPhotos(
          tx,
          propertyId,
          added.map((url, index) => ({ url, displayOrder: nextOrder + index, isMain: !hasMain && index === 0 })),
        );
      }),
    );
    return this.photoList(propertyId);
  }

  /** `photoIds` must be exactly the property's photos, each once. */
  async reorderPhotos(ref: string, user: Manager, photoIds: number[]): Promise<TManagedPhoto[]> {
    const { id } = await propertyOr404(this.db, ref, user);
    await this.db.transaction(async (tx) => {
      if (!(await lockPropertyForPhotos(tx, id))) throw notFound("Property not found");
      const existing = new Set((await findPhotos(tx, id)).map((p) => p.id));
      const given = new Set(photoIds);
      if (given.size !== photoIds.length || given.size !== existing.size || photoIds.some((p) => !existing.has(p))) {
        throw badRequest("photoIds must list every photo of the property once");
      }
      await writePhotoOrder(tx, id, photoIds);
    });
    return this.photoList(id);
  }

  async setMainPhoto(ref: string, user: Manager, photoId: number): Promise<TManagedPhoto[]> {
    const { id } = await propertyOr404(this.db, ref, user);
    await this.db.transaction(async (tx) => {
      if (!(await lockPropertyForPhotos(tx, id))) throw notFound("Property not found");
      if (!(await findPhotos(tx, id)).some((p) => p.id === photoId)) throw notFound("Photo not found");
      await writeMainPhoto(tx, id, photoId);
    });
    return this.photoList(id);
  }

  /** Removing the main photo makes the next one main; an uploaded photo's files go once the row is gone. */
  async deletePhoto(ref: string, user: Manager, photoId: number): Promise<TManagedPhoto[]> {
    const { id } = await propertyOr404(this.db, ref, user);
    const removed = await this.db.transaction(async (tx) => {
      if (!(await lockPropertyForPhotos(tx, id))) throw notFound("Property not found");
      const row = await deletePhotoRow(tx, id, photoId);
      if (!row) throw notFound("Photo not found");
      if (row.isMain) {
        const [next] = await findPhotos(tx, id);
        if (next) await writeMainPhoto(tx, id, next.id);
      }
      return row;
    });
    await this.photos.remove([removed.url]);
    return this.photoList(id);
  }

  async photoList(propertyId: number): Promise<TManagedPhoto[]> {
    return (await findPhotos(this.db, propertyId)).map(toManagedPhoto);
  }

  private async managedById(id: number): Promise<TManagedProperty> {
    const [row, photos, amenities] = await Promise.all([
      findPropertyRow(this.db, id),
      findPhotos(this.db, id),
      findAmenityNames(this.db, id),
    ]);
    if (!row) throw notFound("Property not found");
    const year = Number(londonToday().slice(0, 4));
    const shortLets = (await shortLetCounts(this.db, [row], year)).get(row.id) as TShortLetCount;
    return toManagedProperty(row, photos, amenities, shortLets);
  }

  /** The listing's nation, levy area and numbers as stored; the form's schema has refused a place it cannot tell. */
  private legalPlace(input: TUpdateProperty | TCreateProperty) {
    const { nation, levyArea, shortLetLicenceNumber, welshRegistrationNumber } = listingPlaceOf(input);
    if (!nation) throw badRequest("Choose the nation the home is in");
    return { nation, levyArea, shortLetLicenceNumber, welshRegistrationNumber };
  }

  /**
   * From 1 May 2026 a tenancy in England has no fixed term: a listing that offers tenancies may not ask for a minimum
   * beyond the first rent period, nor set a longest tenancy (400 each); it is stored with that first month and no
   * longest term.
   */
  private periodicTerm(input: TUpdateProperty | TCreateProperty): {
    minTenancyMonths?: number;
    maxTenancyMonths?: null;
  } {
    const { nation } = listingPlaceOf(input);
    if (nation !== "England" || !periodicTenancyApplies(londonToday(this.now()))) return {};
    if (input.tenancyOffered !== false) {
      const asked = input.minTenancyMonths;
      if (typeof asked === "number" && asked > PERIODIC_MIN_TENANCY_MONTHS) throw badRequest(MINIMUM_TERM_REFUSED);
      if (typeof input.maxTenancyMonths === "number") throw badRequest(MAXIMUM_TERM_REFUSED);
    }
    return { minTenancyMonths: PERIODIC_MIN_TENANCY_MONTHS, maxTenancyMonths: null };
  }

  /** The form's fields as stored: place resolved, money as text, blanks and zeros as the form means them. */
  private fieldsRow(input: TUpdateProperty | TCreateProperty): PropertyFieldsRow {
    const place = this.resolvePlace(input.city);
    return {
      title: input.title,
      description: input.description,
      address: input.address,
      ...place,
      pricePerNight: moneyText(input.pricePerNight),
      pricePerMonth: moneyText(input.pricePerMonth),
      bedrooms: input.bedrooms,
      bathrooms: input.bathrooms,
      maxGuests: input.maxGuests,
      propertyType: input.propertyType,
      furnishingStatus: input.furnishingStatus,
      // 0 means "not given"; the minimum tenancy then falls back to 6 months.
      squareFeet: input.squareFeet && input.squareFeet > 0 ? input.squareFeet : null,
      depositAmount: input.depositAmount && input.depositAmount > 0 ? moneyText(input.depositAmount) : null,
      holdingDepositAmount:
        input.holdingDepositAmount && input.holdingDepositAmount > 0 ? moneyText(input.holdingDepositAmount) : null,
      securityDepositAmount:
        input.securityDepositAmount && input.securityDepositAmount > 0 ? moneyText(input.securityDepositAmount) : null,
      // The stay modes, missing ones at their defaults; the schema already checked them against the deposits and EPC.
      ...stayModesOf(input),
      ...this.periodicTerm(input),
      availableFrom: input.availableFrom ?? null,
      epcRating: input.epcRating ?? null,
      epcExemptionReference: input.epcExemptionReference ? input.epcExemptionReference : null,
      ...this.legalPlace(input),
      ...(propertyDetailsToStore(input) as Pick<PropertyFieldsRow, PropertyDetailKey>),
      termsAndConditions: input.termsAndConditions ? input.termsAndConditions : null,
      features: input.features ?? [],
      ...welcomeOf(input),
    };
  }

  /**
   * A borough of the form's list (any case) is stored by its own name with the region "London"; so is
   * anything the bundled place list puts in London. Other towns are their own region. Coordinates come
   * from the place list (null when the town is not in it).
   */
  private resolvePlace(cityInput: string) {
    const borough = LONDON_BOROUGHS.find((b) => b.toLowerCase() === cityInput.toLowerCase());
    const city = borough ?? cityInput;
    const wanted = normalizePlaceText(city);
    const place = this.places.findPlaces(city).find((p) => normalizePlaceText(p.name) === wanted);
    const inLondon = borough !== undefined || wanted === "london" || place?.area === "London";
    return {
      city,
      region: inLondon ? "London" : city,
      latitude: place?.latitude ?? null,
      longitude: place?.longitude ?? null,
    };
  }

  /** A transaction that takes a slug; another listing taking the same slug meanwhile means one more try. */
  private async withSlugRetry<T>(work: (tx: Tx) => Promise<T>): Promise<T> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await this.db.transaction(work);
      } catch (error) {
        if (attempt >= SLUG_ATTEMPTS || !isSlugConflict(error)) throw error;
      }
    }
  }
}

/** The title as a slug: lower case ASCII words joined by hyphens; never all digits (that reads as an id). */
export function slugBase(title: string): string {
  let slug = title
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  if (slug.length > SLUG_BASE_MAX) slug = slug.slice(0, SLUG_BASE_MAX).replace(/-+$/, "");
  if (slug === "") return "property";
  return /^\d+$/.test(slug) ? `property-${slug}` : slug;
}

/** `base`, or `base-2`, `base-3`… whichever is free first. */
async function freeSlug(tx: Tx, base: string): Promise<string> {
  // Creations with the same title wait for each other here rather than colliding on the unique index.
  await tx.execute(sql`select pg_advisory_xact_lock(${SLUG_LOCK_NAMESPACE}::int, hashtext(${base}))`);
  const taken = new Set(await findSlugsLike(tx, base));
  for (const slug of RESERVED_SLUGS) taken.add(slug);
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) {
    const candidate = `${base}-${n}`;
    if (!taken.has(candidate)) return candidate;
  }
}

function isSlugConflict(error: unknown): boolean {
  for (const candidate of [error, (error as { cause?: unknown })?.cause]) {
    const pg = candidate as { code?: unknown; constraint?: unknown } | undefined;
    if (pg?.code === "23505" && pg.constraint === "properties_slug_key") return true;
  }
  return false;
}

/** Pounds as numeric(10,2) text: 245.5 → "245.50". */
function moneyText(pounds: number): string {
  return (Math.round(pounds * 100) / 100).toFixed(2);
}

/** The listing's stay modes as stored. */
export function stayModesOfRow(row: TStayModes): TStayModes {
  return Object.fromEntries(STAY_MODE_FIELDS.map((key) => [key, row[key]])) as TStayModes;
}

/** The manage page's fields that are shown as stored; toManagedProperty resolves the others. */
const RESOLVED_FOR_OWNER = new Set<string>(["postcode", "createdAt", "updatedAt", "features", "tenantPreferences"]);
const MANAGED_AS_STORED = [...PROPERTY_CARD_COLUMNS, ...PROPERTY_LISTING_COLUMNS, ...PROPERTY_OWNER_COLUMNS].filter(
  (key) => !RESOLVED_FOR_OWNER.has(key),
);

function toManagedPhoto(photo: PhotoRow): TManagedPhoto {
  return {
    id: photo.id,
    url: photo.url,
    srcSet: photoSrcSet(photo.url),
    caption: photo.caption,
    isMain: photo.isMain,
    displayOrder: photo.displayOrder,
  };
}

function toManagedProperty(
  row: PropertyRow,
  photos: PhotoRow[],
  amenities: string[],
  shortLets: TShortLetCount,
): TManagedProperty {
  const prefs = row.tenantPreferences ?? {};
  // Only the four known answers: the column is free JSON.
  const tenantPreferences = Object.fromEntries(
    (["petsAllowed", "smokingAllowed", "dssAccepted", "studentsAccepted"] as const)
      .filter((key) => typeof prefs[key] === "boolean")
      .map((key) => [key, prefs[key]]),
  );
  return {
    ...(Object.fromEntries(MANAGED_AS_STORED.map((key) => [key, row[key as keyof PropertyRow]])) as Omit<
      TManagedProperty,
      "status" | "removal" | "shortLets" | "photos" | "amenities" | "createdAt" | "updatedAt"
    >),
    features: row.features ?? [],
    tenantPreferences,
    amenities,
    status: propertyStatus(row),
    removal:
      row.removedAt && !row.isActive ? { at: row.removedAt.toISOString(), reason: row.removalReason ?? "" } : null,
    shortLets,
    photos: photos.map(toManagedPhoto),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/**
 * Pets and children as stored: the new fields, or an older client's tenantPreferences.petsAllowed. The preferences
 * keep mirroring the pets answer so readers of either see the same.
 */
function welcomeOf(input: TUpdateProperty | TCreateProperty) {
  const petsAllowed = input.petsAllowed ?? input.tenantPreferences?.petsAllowed ?? false;
  return {
    tenantPreferences: { ...input.tenantPreferences, petsAllowed },
    petsAllowed,
    suitsChildren: input.suitsChildren ?? true,
  };
}
