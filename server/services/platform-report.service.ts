import { createHash } from "node:crypto";
import { londonToday } from "../../common/domain/calendar-dates";
import { DPI_PROPERTY_TYPE, QUARTERS, reportDueBy, reportYearProblem } from "../../common/domain/platform-report";
import type {
  TPlatformReportSummary,
  TReportListing,
  TReportServices,
  TSellerPlatformReport,
} from "../../common/schemas/platform-report";
import type { TPlatformReportFilingList } from "../../common/schemas/platform-report-filings";
import type { AppConfig } from "../config/env";
import type { Database, Db } from "../db/client";
import { type DpiMessage, type DpiSeller, dpiXml, messageRefId } from "../lib/dpi-xml";
import { ConflictError, InvalidInputError, NotFoundError } from "../lib/errors";
import { auditLabel, fullName } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  reportListings,
  reportQuarters,
  reportSellers,
  reportServiceQuarters,
  yearHasDemoCharges,
} from "../repositories/platform-report.repository";
import {
  findFiling,
  findFilings,
  insertFiling,
  nextFilingId,
} from "../repositories/platform-report-filings.repository";
import type { UserRow } from "../repositories/users.repository";
import type { TaxDetailsService } from "./tax-details.service";

/** The settings that name the platform operator in the file; the company's name always has a value. */
export type PlatformOperatorSettings = Pick<
  AppConfig,
  "COMPANY_NAME" | "COMPANY_NUMBER" | "COMPANY_ADDRESS" | "PLATFORM_OPERATOR_UTR" | "PLATFORM_OPERATOR_ID"
>;

/** What the file needs that has no default: never invented, so the export waits until they are set. */
const REQUIRED_SETTINGS = ["PLATFORM_OPERATOR_ID", "PLATFORM_OPERATOR_UTR", "COMPANY_ADDRESS"] as const;

type SellerFigures = { userId: number; listings: TReportListing[]; services: TReportServices | null };
type YearFigures = { demoOnly: boolean; sellers: SellerFigures[] };

/** "1 seller", "3 sellers". */
const pluralWord = (count: number, word: string) => `${count} ${word}${count === 1 ? "" : "s"}`;

/** Lower-case hex SHA-256 of the file's UTF-8 bytes. */
const sha256Hex = (file: string | Buffer) => createHash("sha256").update(file).digest("hex");

const total = <T>(items: readonly T[], pick: (item: T) => number) => items.reduce((sum, item) => sum + pick(item), 0);

/**
 * The year's four quarters from the rows that have figures (a quarter without any is zero), with the count `more`
 * reads. The platform charges sellers no fee (guests pay the service fee) and withholds no tax.
 */
function fourQuarters<R extends { quarter: number; considerationPence: number }, M>(
  rows: readonly R[],
  more: (row: R | undefined) => M,
) {
  return QUARTERS.map((quarter) => {
    const row = rows.find((r) => r.quarter === quarter);
    return { quarter, considerationPence: row?.considerationPence ?? 0, feesPence: 0, taxesPence: 0, ...more(row) };
  });
}

/** All a seller is reported for: their lets and their services. */
const reportedPence = (seller: SellerFigures) =>
  total(seller.listings, (l) => l.considerationPence) + (seller.services?.considerationPence ?? 0);

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

  /**
   * Each seller's listings and services with their quarters, from the ledger's real postings of the year. A seller
   * is an owner with a stay charged in the year, or someone paid for work done for others (a manager's fee, a
   * contractor's job); a refund alone, of last year's stay, does not make one.
   */
  private async figures(year: number, userId?: number): Promise<YearFigures> {
    const rows = await reportQuarters(this.db, year, userId);
    const serviceRows = await reportServiceQuarters(this.db, year, userId);
    const listings = await reportListings(
      this.db,
      year,
      [...new Set(rows.map((row) => row.propertyId))],
      londonToday(this.now()),
    );
    const sellers = new Map<number, SellerFigures>();
    const sellerFor = (id: number) => {
      const seller = sellers.get(id) ?? { userId: id, listings: [], services: null };
      sellers.set(id, seller);
      return seller;
    };
    for (const place of listings) {
      const own = rows.filter((row) => row.propertyId === place.propertyId);
      const owner = own[0]?.ownerId;
      if (owner === undefined) continue;
      const quarters = fourQuarters(own, (row) => ({ stays: row?.stays ?? 0 }));
      sellerFor(owner).listings.push({
        propertyId: place.propertyId,
        title: place.title,
        address: { street: place.address, city: place.city, postcode: place.postcode, country: "GB" },
        propertyType: place.propertyType,
        quarters,
        considerationPence: total(quarters, (q) => q.considerationPence),
        stays: total(quarters, (q) => q.stays),
        rentedDays: place.rentedDays,
      });
    }
    for (const id of new Set(serviceRows.map((row) => row.userId))) {
      const own = serviceRows.filter((row) => row.userId === id);
      const quarters = fourQuarters(own, (row) => ({ activities: row?.activities ?? 0 }));
      sellerFor(id).services = {
        quarters,
        considerationPence: total(quarters, (q) => q.considerationPence),
        activities: total(quarters, (q) => q.activities),
      };
    }
    const reportable = [...sellers.values()].filter(
      (seller) => total(seller.listings, (l) => l.stays) > 0 || (seller.services?.activities ?? 0) > 0,
    );
    const demoOnly = reportable.length === 0 && (await yearHasDemoCharges(this.db, year, userId));
    return { demoOnly, sellers: reportable };
  }

  /** Every seller of the year with their figures, and their names and tax details (sealed) by user id. */
  private async everySeller(year: number) {
    const { demoOnly, sellers } = await this.figures(year);
    const rows = await reportSellers(
      this.db,
      sellers.map((s) => s.userId),
    );
    return { demoOnly, sellers, people: new Map(rows.map((row) => [row.userId, row])) };
  }

  /** GET /api/admin/platform-report/{year}. */
  async summary(year: number): Promise<TPlatformReportSummary> {
    this.checkedYear(year);
    const { demoOnly, sellers, people } = await this.everySeller(year);
    const listed = sellers.map((seller) => {
      const { userId, listings } = seller;
      const person = people.get(userId);
      return {
        userId,
        name: person?.details?.legalName ?? (person ? fullName(person) : "StayLondon member"),
        taxDetails: person?.details?.complete ? ("complete" as const) : ("missing" as const),
        kind: person?.details?.kind ?? null,
        properties: listings.length,
        stays: total(listings, (l) => l.stays),
        services: seller.services?.activities ?? 0,
        considerationPence: reportedPence(seller),
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
        services: total(listed, (s) => s.services),
        considerationPence: total(listed, (s) => s.considerationPence),
        missingTaxDetails: listed.filter((s) => s.taxDetails === "missing").length,
      },
    };
  }

  /**
   * GET /api/admin/platform-report/{year}.xml: the file for HMRC, recorded in System Logs by year and count only. A
   * real export (not one for HMRC's test service) is kept, sealed, exactly as returned.
   */
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
    for (const { userId, listings, services } of sellers) {
      const details = people.get(userId)?.details;
      if (!details?.complete) continue;
      reported.push({
        ref: `S${userId}`,
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
        services: services && {
          quarters: services.quarters.map((q) => ({ ...q, stays: q.activities })),
        },
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
            `${left} seller${left === 1 ? "" : "s"} with earnings in ${year} gave no tax details and cannot be written here without inventing them: get their details, then export again.`,
          ]
        : []),
    ];
    const message: DpiMessage = {
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
    };
    const counts = { year, sellers: reported.length, missingTaxDetails: left };
    const person = { id: admin.id, label: auditLabel(admin) };
    const audit = (db: Db, filing: number | null) =>
      recordAudit(db, {
        type: "info",
        action: "platform_report.exported",
        message: `${person.label} exported HMRC's platform report for ${year} (${pluralWord(reported.length, "seller")})`,
        actor: person,
        details: { ...counts, test: options.test, ...(filing === null ? {} : { filing }) },
      });
    if (options.test) {
      // A file for HMRC's test service is not a report sent: it is not kept.
      const xml = dpiXml(message);
      await audit(this.db, null);
      return xml;
    }
    // Kept exactly as sent, sealed (it holds identifiers in clear), under its own number, which makes its
    // message reference unique.
    const id = await nextFilingId(this.db);
    const stored = { ...message, serial: id };
    const xml = dpiXml(stored);
    const fileSealed = await this.keys.seal("platform-report-filings", xml);
    await this.db.transaction(async (tx) => {
      await insertFiling(tx, {
        id,
        ...counts,
        messageRefId: messageRefId(stored),
        createdBy: admin.id,
        sha256: sha256Hex(xml),
        fileSealed,
      });
      await audit(tx, id);
    });
    return xml;
  }

  /** GET /api/admin/platform-report/{year}/filings: the year's stored reports, without any identifier. */
  async filings(year: number): Promise<TPlatformReportFilingList> {
    this.checkedYear(year);
    return { year, filings: await findFilings(this.db, year) };
  }

  /**
   * GET /api/admin/platform-report/filings/{id}.xml: a stored report exactly as it was exported, never made again;
   * recorded in System Logs by year and count only, like the export.
   */
  async storedFile(id: number, admin: UserRow): Promise<{ year: number; messageRefId: string; file: Buffer }> {
    const filing = await findFiling(this.db, id);
    if (!filing) throw new NotFoundError("No stored HMRC report has that number.");
    const xml = await this.keys.open("platform-report-filings", filing.fileSealed);
    const file = Buffer.from(xml, "utf8");
    // The seal already refuses an altered file; this also catches a row whose file and checksum were mixed up.
    if (sha256Hex(file) !== filing.sha256) throw new Error(`Stored HMRC report ${id} does not match its checksum`);
    const person = { id: admin.id, label: auditLabel(admin) };
    await recordAudit(this.db, {
      type: "info",
      action: "platform_report.filing_downloaded",
      message: `${person.label} downloaded the HMRC platform report for ${filing.year} exported on ${filing.createdAt.slice(0, 10)} (${pluralWord(filing.sellers, "seller")})`,
      actor: person,
      details: { year: filing.year, sellers: filing.sellers, missingTaxDetails: filing.missingTaxDetails, filing: id },
    });
    return { year: filing.year, messageRefId: filing.messageRefId, file };
  }

  /** GET /api/account/platform-report/{year}: what the platform reports about this seller, identifiers masked. */
  async sellerCopy(user: UserRow, year: number): Promise<TSellerPlatformReport> {
    this.checkedYear(year);
    const { demoOnly, sellers } = await this.figures(year, user.id);
    const seller = sellers[0];
    const listings = seller?.listings ?? [];
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
      services: seller?.services ?? null,
      considerationPence: seller ? reportedPence(seller) : 0,
      stays: total(listings, (l) => l.stays),
    };
  }

  private async open(sealed: string | null): Promise<string | null> {
    return sealed === null ? null : this.keys.open("tax-identifiers", sealed);
  }
}
