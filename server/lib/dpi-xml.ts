import type { TaxDetailsKind } from "../../common/domain/tax-identifiers";

/**
 * HMRC's yearly platform report written as the OECD's DPI XML (namespace urn:oecd:ties:dpi:v1, version 1.0, the
 * schema HMRC's digital platform reporting service takes): a MessageSpec, then one DPIBody with the platform operator
 * and each reportable seller with their property listings and personal services. Elements are in the schema's
 * order; money is whole pounds, as its MonAmnt_Type asks. docs/decisions/029-hmrc-platform-report.md says what was and was not confirmed.
 */

export const DPI_NAMESPACE = "urn:oecd:ties:dpi:v1";
export const DPI_STF_NAMESPACE = "urn:oecd:ties:dpistf:v1";

export type DpiAddress = { street: string; city: string; postcode: string | null; country: string };

export type DpiOperator = {
  /** HMRC's platform operator ID, given when the platform registered for reporting. */
  platformOperatorId: string;
  name: string;
  utr: string;
  companyNumber: string | null;
  /** The registered office, as one line. */
  address: string;
};

export type DpiQuarter = { considerationPence: number; stays: number; feesPence: number; taxesPence: number };

export type DpiListing = {
  address: DpiAddress;
  quarters: readonly DpiQuarter[];
  propertyType: { code: string; other?: string };
  rentedDays: number;
};

export type DpiSeller = {
  /** Ours, unique in the message: what a correction would name. */
  ref: string;
  kind: TaxDetailsKind;
  legalName: string;
  dateOfBirth: string | null;
  address: DpiAddress;
  nationalInsuranceNumber: string | null;
  utr: string | null;
  companyNumber: string | null;
  listings: readonly DpiListing[];
  /** Work done for others through the platform (managing, maintenance), by quarter; null when none. */
  services: { quarters: readonly DpiQuarter[] } | null;
};

export type DpiMessage = {
  year: number;
  /** When the message was made. */
  timestamp: Date;
  /** The number of the stored copy, which makes the message reference unique; a test file has none. */
  serial?: number;
  /** OECD11 and its kin mark test data, for HMRC's test service. */
  test: boolean;
  operator: DpiOperator;
  sellers: readonly DpiSeller[];
  /** Said at the top of the file, for whoever opens it; never read by HMRC. */
  comments: readonly string[];
};

/** Whether XML 1.0 can carry a character: not the control characters other than tab, line feed and return. */
const xmlCharacter = (char: string) => {
  const code = char.codePointAt(0) ?? 0;
  return code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);
};
const carried = (text: string) => Array.from(text).filter(xmlCharacter).join("");

/** Text safe inside an element or a double-quoted attribute. */
export function escapeXml(text: string): string {
  return carried(text)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;");
}

/** A comment's text: "--" may not appear in one. */
const commentText = (text: string) => carried(text).replace(/-{2,}/g, "-");

type Node = { name: string; attrs?: Record<string, string>; text?: string; children?: Node[] };

const el = (name: string, content?: string | Node[], attrs?: Record<string, string>): Node =>
  typeof content === "string" ? { name, text: content, attrs } : { name, children: content ?? [], attrs };

function render(node: Node, depth: number): string {
  const pad = "  ".repeat(depth);
  const attrs = Object.entries(node.attrs ?? {})
    .map(([key, value]) => ` ${key}="${escapeXml(value)}"`)
    .join("");
  if (node.text !== undefined) return `${pad}<${node.name}${attrs}>${escapeXml(node.text)}</${node.name}>`;
  const children = node.children ?? [];
  if (children.length === 0) return `${pad}<${node.name}${attrs}/>`;
  return [`${pad}<${node.name}${attrs}>`, ...children.map((c) => render(c, depth + 1)), `${pad}</${node.name}>`].join(
    "\n",
  );
}

/** Pence as whole pounds, rounded half away from zero (a quarter's refunds can outweigh its charges). */
export function wholePounds(pence: number): number {
  return Math.sign(pence) * Math.round(Math.abs(pence) / 100);
}

const money = (name: string, pence: number) => el(name, String(wholePounds(pence)), { currCode: "GBP" });

/** A person's legal name as the schema's first and last names: the last word is the surname. */
export function splitName(legalName: string): { first: string; last: string } {
  const words = legalName.trim().split(/\s+/);
  const last = words.pop() ?? legalName;
  // The OECD schemas' convention for someone with a single name: "NFN", no first name.
  return { first: words.join(" ") || "NFN", last };
}

function address(value: DpiAddress, legalAddressType?: string): Node {
  const fix = [
    el("dpi:Street", value.street),
    ...(value.postcode ? [el("dpi:PostCode", value.postcode)] : []),
    el("dpi:City", value.city),
  ];
  return el(
    "dpi:Address",
    [el("dpi:CountryCode", value.country), el("dpi:AddressFix", fix)],
    legalAddressType ? { legalAddressType } : undefined,
  );
}

const gbTin = (value: string) => el("dpi:TIN", value, { issuedBy: "GB" });

function docSpec(test: boolean, ref: string): Node {
  return el("dpi:DocSpec", [el("stf:DocTypeIndic", test ? "OECD11" : "OECD1"), el("stf:DocRefId", ref)]);
}

function sellerIdentity(seller: DpiSeller): Node {
  const country = seller.address.country;
  if (seller.kind === "individual") {
    const { first, last } = splitName(seller.legalName);
    const tins = [seller.nationalInsuranceNumber, seller.utr].filter((v): v is string => v !== null).map(gbTin);
    return el("dpi:IndividualSeller", [
      el("dpi:Standard", [
        el("dpi:IndSellerID", [
          el("dpi:ResCountryCode", country),
          ...tins,
          el("dpi:Name", [el("dpi:FirstName", first), el("dpi:LastName", last)]),
          address(seller.address, "OECD302"),
          el("dpi:BirthInfo", [el("dpi:BirthDate", seller.dateOfBirth ?? "")]),
        ]),
      ]),
    ]);
  }
  return el("dpi:EntitySeller", [
    el("dpi:Standard", [
      el("dpi:EntSellerID", [
        el("dpi:ResCountryCode", country),
        // A company without a UTR given: the schema's way to say the TIN is not known, with its company number below.
        seller.utr ? gbTin(seller.utr) : el("dpi:TIN", "NOTIN", { unknown: "true" }),
        ...(seller.companyNumber ? [el("dpi:IN", seller.companyNumber, { issuedBy: "GB", INType: "BRN" })] : []),
        el("dpi:Name", seller.legalName),
        address(seller.address, "OECD304"),
      ]),
    ]),
  ]);
}

/** The four quarterly groups every activity carries, in the schema's order: consideration, count, fees, taxes. */
function quarterlyFigures(q: readonly DpiQuarter[]): Node[] {
  const quarterly = (group: string, prefix: string, pick: (quarter: DpiQuarter) => number, isMoney: boolean) =>
    el(
      group,
      q.map((quarter, index) =>
        isMoney ? money(`${prefix}${index + 1}`, pick(quarter)) : el(`${prefix}${index + 1}`, String(pick(quarter))),
      ),
    );
  return [
    quarterly("dpi:Consideration", "dpi:ConsQ", (x) => x.considerationPence, true),
    quarterly("dpi:NumberOfActivities", "dpi:NumbQ", (x) => x.stays, false),
    quarterly("dpi:Fees", "dpi:FeesQ", (x) => x.feesPence, true),
    quarterly("dpi:Taxes", "dpi:TaxQ", (x) => x.taxesPence, true),
  ];
}

function listing(value: DpiListing): Node {
  return el("dpi:PropertyListing", [
    address(value.address),
    ...quarterlyFigures(value.quarters),
    el("dpi:PropertyType", value.propertyType.code),
    ...(value.propertyType.other ? [el("dpi:OtherPropertyType", value.propertyType.other)] : []),
    // At least one day and at most four digits, or left out.
    ...(value.rentedDays >= 1 ? [el("dpi:RentedDays", String(Math.min(value.rentedDays, 9999)))] : []),
  ]);
}

/**
 * HMRC's form of a message reference: GB, the year, GB, then the platform operator ID and our own unique part, the
 * time it was made and the stored copy's number (two exports in one millisecond still differ).
 */
export function messageRefId(message: Pick<DpiMessage, "year" | "timestamp" | "operator" | "serial">): string {
  const stamp = message.timestamp.toISOString().replace(/[-:.TZ]/g, "");
  const serial = message.serial === undefined ? "" : `-${message.serial}`;
  return `GB${message.year}GB-${message.operator.platformOperatorId}-${stamp}${serial}`;
}

/** The whole file. A year with no sellers to report is a nil report (DPI403), with no ReportableSeller at all. */
export function dpiXml(message: DpiMessage): string {
  const ref = messageRefId(message);
  const { operator } = message;
  const platformOperator = el("dpi:PlatformOperator", [
    el("dpi:ResCountryCode", "GB"),
    gbTin(operator.utr),
    ...(operator.companyNumber ? [el("dpi:IN", operator.companyNumber, { issuedBy: "GB", INType: "BRN" })] : []),
    el("dpi:Name", operator.name),
    el("dpi:Address", [el("dpi:CountryCode", "GB"), el("dpi:AddressFree", operator.address)], {
      legalAddressType: "OECD304",
    }),
    el("dpi:AssumedReporting", "false"),
    docSpec(message.test, `${ref}_PO`),
  ]);
  const sellers = message.sellers.map((seller) =>
    el("dpi:ReportableSeller", [
      el("dpi:Identity", [sellerIdentity(seller)]),
      el("dpi:RelevantActivities", [
        ...(seller.listings.length > 0 ? [el("dpi:ImmovableProperty", seller.listings.map(listing))] : []),
        // Each activity in the schema's order: rentals of property, then personal services.
        ...(seller.services ? [el("dpi:PersonalServices", quarterlyFigures(seller.services.quarters))] : []),
      ]),
      docSpec(message.test, `${ref}_${seller.ref}`),
    ]),
  );
  const root = el(
    "dpi:DPI_OECD",
    [
      el("dpi:MessageSpec", [
        el("dpi:SendingEntityIN", operator.platformOperatorId),
        el("dpi:TransmittingCountry", "GB"),
        el("dpi:ReceivingCountry", "GB"),
        el("dpi:MessageType", "DPI"),
        el("dpi:MessageRefId", ref),
        el("dpi:MessageTypeIndic", sellers.length > 0 ? "DPI401" : "DPI403"),
        el("dpi:ReportingPeriod", `${message.year}-12-31`),
        el("dpi:Timestamp", message.timestamp.toISOString()),
      ]),
      el("dpi:DPIBody", [platformOperator, ...sellers]),
    ],
    { version: "1.0", "xmlns:dpi": DPI_NAMESPACE, "xmlns:stf": DPI_STF_NAMESPACE },
  );
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    ...message.comments.map((comment) => `<!-- ${commentText(comment)} -->`),
    render(root, 0),
    "",
  ].join("\n");
}
