import { londonToday } from "../../common/domain/calendar-dates";
import { DPI_PROPERTY_TYPE, QUARTERS, reportDueBy, reportYearProblem } from "../../common/domain/platform-report";
import type {
  TPlatformReportSummary,
  TReportListing,
  TSellerPlatformReport,
} from "../../common/schemas/platform-report";
import type { AppConfig } from "../config/env";
import type { Database } from "../db/client";
import { type DpiSeller, dpiXml } from "../lib/dpi-xml";
import { ConflictError, InvalidInputError } from "../lib/errors";
import { auditLabel, fullName } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  reportListings,
  reportQuarters,
  reportSellers,
  yearHasDemoCharges,
} from "../repositories/platform-report.repository";
import type { UserRow } from "../repositories/users.repository";
import type { TaxDetailsService } from "./tax-details.service";

/** The settings that name the platform operator in the file; the company's name always has a value. */
export type PlatformOperatorSettings = Pick<
  AppConfig,
  "COMPANY_NAME" | "COMPANY_NUMBER" | "COMPANY_ADDRESS" | "PLATFORM_OPERATOR_UTR" | "PLATFORM_OPERATOR_ID"
>;

/** What the file needs that has no default: never invented, so the export waits until they are set. */
const REQUIRED_SETTINGS = ["PLATFORM_OPERATOR_ID", "PLATFORM_OPERATOR_UTR", "COMPANY_ADDRESS"] as const;

type SellerFigures = { ownerId: number; listings: TReportListing[] };
type YearFigures = { demoOnly: boolean; sellers: SellerFigures[] };

const total = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((sum, item) => sum + pick(item), 0);

/**
 * HMRC's yearly report of what sellers earned through StayLondon (docs/decisions/029-hmrc-platform-report.md): the
 * admin's summary and XML export, and each seller's own copy. Only real money is reported: a year whose stays were all
 * charged in demo mode has nothing to report, and says so. Identifiers are opened only to write the file; the seller's
 * copy shows them masked, and the audit log records the year and how many sellers, never who or what.
 */
export class PlatformReportService {
  constructor(
    private readonly db: Database,
    private readonly keys: ServerKeys,
    private readonly taxDetails: TaxDetailsService,
    private readonly settings: PlatformOperatorSettings,
    private readonly now: () => Date = () => new Date(),
  ) {}

  private checkedYear(year: number): number {
    const problem = reportYearProblem(year, Number(londonToday(this.now()).slice(0, 4)));
    if (problem) throw new InvalidInputError(problem);
    return year;
  }

  private missingSettings(): string[] {
    return REQUIRED_SETTINGS.filter((name) => !this.settings[name]);
  }

  /** Each seller's listings with their quarters, from the ledger's real postings of the year. */
  private async figures(year: number, ownerId?: number): Promise<YearFigures> {
    const rows = await reportQuarters(this.db, year, ownerId);
    const listings = await reportListings(this.db, year, [...new Set(rows.map((row) => row.propertyId))]);
    const sellers = new Map<number, SellerFigures>();
    for (const place of listings) {
      const own = rows.filter((row) => row.propertyId === place.propertyId);
      const owner = own[0]?.ownerId;
      if (owner === undefined) continue;
      const quarters = QUARTERS.map((quarter) => {
        const row = own.find((r) => r.quarter === quarter);
        return {
          quarter,
          considerationPence: row?.considerationPence ?? 0,
          stays: row?.stays ?? 0,
          feesPence: 0,
          taxesPence: 0,
        };
      });
      const seller = sellers.get(owner) ?? { ownerId: owner, listings: [] };
      seller.listings.push({
        propertyId: place.propertyId,
        title: place.title,
        address: { street: place.address, city: place.city, postcode: place.postcode, country: "GB" },
        propertyType: place.propertyType,
        quarters,
        considerationPence: total(quarters, (q) => q.considerationPence),
        stays: total(quarters, (q) => q.stays),
        rentedDays: place.rentedDays,
      });
      sellers.set(owner, seller);
    }
    // A seller is someone with a stay charged in the year; a refund alone (of last year's stay) does not make one.
    const reportable = [...sellers.values()].filter((seller) => total(seller.listings, (l) => l.stays) > 0);
    const demoOnly = reportable.length === 0 && (await yearHasDemoCharges(this.db, year, ownerId));
    return { demoOnly, sellers: reportable };
  }

  /** Every seller of the year with their figures, and their names and tax details (sealed) by user id. */
  private async everySeller(year: number) {
    const { demoOnly, sellers } = await this.figures(year);
    const rows = await reportSellers(
      this.db,
      sellers.map((s) => s.ownerId),
    );
    return { demoOnly, sellers, people: new Map(rows.map((row) => [row.userId, row])) };
  }

  /** GET /api/admin/platform-report/{year}. */
  async summary(year: number): Promise<TPlatformReportSummary> {
    this.checkedYear(year);
    const { demoOnly, sellers, people } = await this.everySeller(year);
    const listed = sellers.map(({ ownerId, listings }) => {
      const person = people.get(ownerId);
      return {
        userId: ownerId,
        name: person?.details?.legalName ?? (person ? fullName(person) : "StayLondon member"),
        taxDetails: person?.details?.complete ? ("complete" as const) : ("missing" as const),
        kind: person?.details?.kind ?? null,
        properties: listings.length,
        stays: total(listings, (l) => l.stays),
        considerationPence: total(listings, (l) => l.considerationPence),
      };
    });
    listed.sort((a, b) => a.name.localeCompare(b.name, "en-GB") || a.userId - b.userId);
    return {
      year,
      dueBy: reportDueBy(year),
      demoOnly,
      missingSettings: this.missingSettings(),
      sellers: listed,
      totals: {
        sellers: listed.length,
        properties: total(listed, (s) => s.properties),
        stays: total(listed, (s) => s.stays),
        considerationPence: total(listed, (s) => s.considerationPence),
        missingTaxDetails: listed.filter((s) => s.taxDetails === "missing").length,
      },
    };
  }

  /** GET /api/admin/platform-report/{year}.xml: the file for HMRC, recorded in System Logs by year and count only. */
  async exportXml(year: number, admin: UserRow, options: { test: boolean }): Promise<string> {
    this.checkedYear(year);
    const missing = this.missingSettings();
    if (missing.length > 0) {
      throw new ConflictError(
        `The HMRC report needs ${missing.join(", ")} set in the server's settings: the platform operator's ` +
          "identifiers are never made up.",
      );
    }
    const { demoOnly, sellers, people } = await this.everySeller(year);
    const reported: DpiSeller[] = [];
    for (const { ownerId, listings } of sellers) {
      const details = people.get(ownerId)?.details;
      if (!details?.complete) continue;
      reported.push({
        ref: `S${ownerId}`,
        kind: details.kind,
        legalName: details.legalName,
        dateOfBirth: details.dateOfBirth,
        address: {
          street: [details.addressLine1, details.addressLine2].filter(Boolean).join(", "),
          city: details.city,
          postcode: details.postcode,
          country: details.country,
        },
        nationalInsuranceNumber: await this.open(details.nationalInsuranceNumberSealed),
        utr: await this.open(details.utrSealed),
        companyNumber: await this.open(details.companyNumberSealed),
        listings: listings.map((l) => ({
          address: l.address,
          quarters: l.quarters,
          propertyType: DPI_PROPERTY_TYPE[l.propertyType],
          rentedDays: l.rentedDays,
        })),
      });
    }
    const left = sellers.length - reported.length;
    const comments = [
      `${this.settings.COMPANY_NAME}: sellers' earnings in ${year} for HMRC (Reporting Rules for Digital Platforms), due by ${reportDueBy(year)}.`,
      ...(demoOnly
        ? [`No real money: nothing to report. Every stay charged in ${year} was demo money, which is never reported.`]
        : sellers.length === 0
          ? [`No seller earned through the platform in ${year}: a nil report.`]
          : []),
      ...(left > 0
        ? [
            `${left} seller${left === 1 ? "" : "s"} with stays charged in ${year} gave no tax details and cannot be written here without inventing them: get their details, then export again.`,
          ]
        : []),
    ];
    const xml = dpiXml({
      year,
      timestamp: this.now(),
      test: options.test,
      operator: {
        platformOperatorId: this.settings.PLATFORM_OPERATOR_ID ?? "",
        name: this.settings.COMPANY_NAME,
        utr: this.settings.PLATFORM_OPERATOR_UTR ?? "",
        companyNumber: this.settings.COMPANY_NUMBER ?? null,
        address: this.settings.COMPANY_ADDRESS ?? "",
      },
      sellers: reported,
      comments,
    });
    const person = { id: admin.id, label: auditLabel(admin) };
    await recordAudit(this.db, {
      type: "info",
      action: "platform_report.exported",
      message: `${person.label} exported HMRC's platform report for ${year} (${reported.length} seller${reported.length === 1 ? "" : "s"})`,
      actor: person,
      details: { year, sellers: reported.length, missingTaxDetails: left, test: options.test },
    });
    return xml;
  }

  /** GET /api/account/platform-report/{year}: what the platform reports about this seller, identifiers masked. */
  async sellerCopy(user: UserRow, year: number): Promise<TSellerPlatformReport> {
    this.checkedYear(year);
    const { demoOnly, sellers } = await this.figures(year, user.id);
    const listings = sellers[0]?.listings ?? [];
    const { details } = await this.taxDetails.get(user);
    return {
      year,
      dueBy: reportDueBy(year),
      demoOnly,
      identity: details && {
        kind: details.kind,
        legalName: details.legalName,
        dateOfBirth: details.dateOfBirth,
        address: details.address,
        nationalInsuranceNumber: details.nationalInsuranceNumber,
        utr: details.utr,
        companyNumber: details.companyNumber,
        complete: details.complete,
      },
      properties: listings,
      considerationPence: total(listings, (l) => l.considerationPence),
      stays: total(listings, (l) => l.stays),
    };
  }

  private async open(sealed: string | null): Promise<string | null> {
    return sealed === null ? null : this.keys.open("tax-identifiers", sealed);
  }
}
