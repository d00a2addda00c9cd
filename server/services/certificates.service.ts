import { sql } from "drizzle-orm";
import { formatDateGb, londonToday } from "../../common/domain/calendar-dates";
import {
  bookingsPausedReason,
  CERTIFICATE_KINDS,
  CERTIFICATE_RULES,
  type CertificateKind,
  type ComplianceFacts,
  certificateExpiry,
  certificateState,
  lapsedRequirements,
  requiredCertificateKinds,
} from "../../common/domain/compliance";
import type { TCertificate, TCertificateInput } from "../../common/entities/certificate";
import type { TCertificateVault, TLapsedCertificate, TListingCertificates } from "../../common/schemas/certificates";
import { type Actor, mayActOn } from "../access/records";
import type { Database, Db } from "../db/client";
import { badRequest, notFound } from "../lib/errors";
import { parsePropertyRef } from "../lib/property-ref";
import {
  type CertificateRow,
  findCertificate,
  findCertificates,
  findComplianceFacts,
  findLapsedRequiredCertificates,
  insertCertificate,
  type PauseFacts,
  saveComplianceFacts,
} from "../repositories/certificates.repository";
import { checkCertificateDocument } from "./photos/certificate-documents";
import type { PhotoStore } from "./photos/photo-store";

type CertificateProperty = { id: number; ownerId: number; managerId: number | null; title: string; listedOn: string };

/** A property with its owner and current manager, for the certificate access check. */
async function findCertificateProperty(db: Db, ref: string): Promise<CertificateProperty | undefined> {
  const parsed = parsePropertyRef(ref);
  if (!parsed) return undefined;
  const where = "id" in parsed ? sql`p.id = ${parsed.id}` : sql`p.slug = ${parsed.slug}`;
  const result = await db.execute<{
    id: number;
    owner_id: number;
    manager_id: number | null;
    title: string;
    listed_on: string;
  }>(sql`
    select p.id, p.owner_id, a.manager_id, p.title, (p.created_at at time zone 'Europe/London')::date::text as listed_on
      from properties p
      left join property_manager_assignments a on a.property_id = p.id and a.ended_at is null
     where ${where}
     limit 1`);
  const row = result.rows[0];
  return (
    row && { id: row.id, ownerId: row.owner_id, managerId: row.manager_id, title: row.title, listedOn: row.listed_on }
  );
}

/**
 * Why new bookings of the listing are paused on `today` (a required certificate has lapsed), or null. Asked where
 * bookings and quotes are made, from the certificates themselves (read with the listing, findBookingFacts), so there
 * is no flag to drift: a renewal counts at once.
 */
export function pausedReasonOf({ facts, latest }: PauseFacts, today: string): string | null {
  return bookingsPausedReason(lapsedRequirements(facts, latest, today));
}

const toCertificate = (row: CertificateRow): TCertificate => ({
  id: row.id,
  propertyId: row.propertyId,
  kind: row.kind as CertificateKind,
  issuedOn: row.issuedOn,
  expiresOn: row.expiresOn,
  rating: row.rating as TCertificate["rating"],
  issuedBy: row.issuedBy,
  sharedWithGuests: row.sharedWithGuests,
  documentName: row.documentName,
  documentType: row.documentType as TCertificate["documentType"],
  uploadedAt: row.createdAt.toISOString(),
});

/** The certificate in force of each kind: the newest expiry, the latest upload on a tie. */
function currentByKind(rows: readonly CertificateRow[]): Map<CertificateKind, CertificateRow> {
  const current = new Map<CertificateKind, CertificateRow>();
  for (const row of rows) {
    const kind = row.kind as CertificateKind;
    const held = current.get(kind);
    if (!held || row.expiresOn > held.expiresOn) current.set(kind, row);
  }
  return current;
}

/**
 * The certificate vault: a property's safety certificates and licences, kept by its owner or current manager;
 * their state on the listing for guests; the lapsed ones for admins.
 */
export class CertificatesService {
  constructor(
    private readonly db: Database,
    readonly store: PhotoStore,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private today() {
    return londonToday(this.now());
  }

  /** The property if `user` keeps its certificates (its owner or current manager); else the 404 of none. */
  async keptBy(user: Actor, ref: string): Promise<CertificateProperty> {
    const property = await findCertificateProperty(this.db, ref);
    if (!property || !mayActOn(user, "manage", "certificate", property)) throw notFound("Property not found");
    return property;
  }

  async getVault(user: Actor, ref: string): Promise<TCertificateVault> {
    return this.vaultOf(await this.keptBy(user, ref));
  }

  private async vaultOf(property: CertificateProperty): Promise<TCertificateVault> {
    const today = this.today();
    const [facts, rows] = await Promise.all([
      findComplianceFacts(this.db, property.id),
      findCertificates(this.db, property.id),
    ]);
    const required = requiredCertificateKinds(facts);
    const current = currentByKind(rows);
    const latest = Object.fromEntries([...current].map(([kind, row]) => [kind, row.expiresOn]));
    return {
      propertyId: property.id,
      title: property.title,
      facts,
      requirements: CERTIFICATE_KINDS.map((kind) => {
        const row = current.get(kind);
        return {
          kind,
          label: CERTIFICATE_RULES[kind].label,
          required: required.includes(kind),
          state: certificateState(row?.expiresOn ?? null, today),
          current: row ? toCertificate(row) : null,
          whatToUpload: CERTIFICATE_RULES[kind].whatToUpload,
        };
      }),
      history: rows.map(toCertificate),
      bookingsPaused: bookingsPausedReason(lapsedRequirements(facts, latest, today)),
    };
  }

  async saveFacts(user: Actor, ref: string, facts: ComplianceFacts): Promise<TCertificateVault> {
    const property = await this.keptBy(user, ref);
    await saveComplianceFacts(this.db, property.id, facts);
    return this.vaultOf(property);
  }

  /**
   * Adds a certificate: the dates are checked against today and the listing, the document by its bytes; the
   * document is stored first and removed again if the row is not written, so a refusal leaves nothing stored.
   * An EPC's rating becomes the listing's EPC rating, so the tenancy rules read the certificate in force.
   */
  async addCertificate(
    property: CertificateProperty,
    user: Actor,
    input: TCertificateInput,
    file: { bytes: Buffer; filename: string },
  ): Promise<TCertificateVault> {
    const today = this.today();
    if (input.issuedOn > today) throw badRequest("The inspection or issue date cannot be in the future");
    const expiresOn = certificateExpiry(input.kind, input.issuedOn, input.expiresOn);
    if (!expiresOn) throw badRequest("Give the expiry date printed on the licence");
    if (expiresOn < property.listedOn) {
      throw badRequest(
        `This certificate ran out on ${formatDateGb(expiresOn)}, before the property was listed on ${formatDateGb(property.listedOn)}: upload a later one`,
      );
    }
    const document = await checkCertificateDocument(file.bytes, file.filename);
    const key = await this.store.putDocument(document.data);
    try {
      await this.db.transaction(async (tx) => {
        await insertCertificate(tx, {
          propertyId: property.id,
          kind: input.kind,
          issuedOn: input.issuedOn,
          expiresOn,
          rating: input.rating ?? null,
          issuedBy: input.issuedBy || null,
          sharedWithGuests: input.sharedWithGuests === "true",
          documentKey: key,
          documentName: documentName(file.filename, document.type),
          documentType: document.type,
          uploadedBy: user.id,
        });
        if (input.kind === "epc" && input.rating) {
          // Only when this is the EPC in force: an older one uploaded for the record does not change the listing.
          await tx.execute(sql`
            update properties set epc_rating = ${input.rating}
             where id = ${property.id}
               and not exists (select 1 from property_certificates
                                where property_id = ${property.id} and kind = 'epc' and expires_on > ${expiresOn}::date)`);
        }
      });
    } catch (error) {
      await this.store.removeDocument(key);
      throw error;
    }
    return this.vaultOf(property);
  }

  /** The document of one certificate, for whoever keeps the property's certificates. */
  async getDocument(user: Actor, ref: string, certificateId: number) {
    const property = await this.keptBy(user, ref);
    return this.documentOf(property.id, certificateId, false);
  }

  /** A document the landlord shared with guests; any other answers as none. */
  async getSharedDocument(ref: string, certificateId: number) {
    const property = await this.activeListing(ref);
    return this.documentOf(property.id, certificateId, true);
  }

  private async documentOf(propertyId: number, certificateId: number, sharedOnly: boolean) {
    const row = await findCertificate(this.db, propertyId, certificateId);
    if (!row || (sharedOnly && !row.sharedWithGuests)) throw notFound("Certificate not found");
    const bytes = await this.store.readDocument(row.documentKey);
    if (!bytes) throw notFound("Certificate not found");
    return { bytes, type: row.documentType, name: row.documentName };
  }

  private async activeListing(ref: string) {
    const parsed = parsePropertyRef(ref);
    const where = parsed && ("id" in parsed ? sql`id = ${parsed.id}` : sql`slug = ${parsed.slug}`);
    const result = where
      ? await this.db.execute<{ id: number }>(sql`select id from properties where ${where} and is_active limit 1`)
      : undefined;
    const row = result?.rows[0];
    if (!row) throw notFound("Property not found");
    return row;
  }

  /**
   * What a listing shows guests and tenants: each required certificate's state and dates, and the document only
   * where the landlord shared it (a certificate names the landlord's contractors and the home's layout).
   */
  async listingCertificates(ref: string): Promise<TListingCertificates> {
    const property = await this.activeListing(ref);
    const today = this.today();
    const [facts, rows] = await Promise.all([
      findComplianceFacts(this.db, property.id),
      findCertificates(this.db, property.id),
    ]);
    const current = currentByKind(rows);
    const latest = Object.fromEntries([...current].map(([kind, row]) => [kind, row.expiresOn]));
    return {
      certificates: requiredCertificateKinds(facts).map((kind) => {
        const row = current.get(kind);
        return {
          kind,
          label: CERTIFICATE_RULES[kind].label,
          state: certificateState(row?.expiresOn ?? null, today),
          issuedOn: row?.issuedOn,
          expiresOn: row?.expiresOn,
          rating: row?.rating as TCertificate["rating"] | undefined,
          documentUrl: row?.sharedWithGuests
            ? `/api/properties/${property.id}/certificates/shared/${row.id}/document`
            : null,
        };
      }),
      bookingsPaused: bookingsPausedReason(lapsedRequirements(facts, latest, today)),
    };
  }

  /** Every lapsed required certificate of an active listing, the longest lapsed first. */
  async findLapsed(): Promise<TLapsedCertificate[]> {
    const rows = await findLapsedRequiredCertificates(this.db, this.today());
    return rows.map((row) => ({
      propertyId: row.property_id,
      propertyTitle: row.property_title,
      ownerEmail: row.owner_email,
      kind: row.kind,
      label: CERTIFICATE_RULES[row.kind].label,
      expiresOn: row.expires_on,
    }));
  }
}

/** The name the document is offered under: the upload's base name, with the extension of what is kept. */
function documentName(filename: string, type: "application/pdf" | "image/webp"): string {
  const base = (filename.split(/[\\/]/).pop() ?? "").replace(/\.[^.]*$/, "").replace(/[^\p{L}\p{N} ._()-]/gu, "");
  return `${base.slice(0, 80) || "certificate"}.${type === "application/pdf" ? "pdf" : "webp"}`;
}
