import type { TTaxDetailsInput } from "../../../common/entities/tax-details";

/**
 * The demo sellers' tax details, so Tax Reports, the HMRC platform report and payouts work in the demo without anyone
 * typing them first. Obviously made up: every address is "Demo Street" with an unused "9ZZ" postcode unit, and the
 * numbers are counting patterns. They still pass the same checks as a seller's own (NI number prefix and shape, the
 * UTR's check digit, a Companies House number), because the report and the page read them as real ones.
 * Keyed by the person's key in seed-data/people.ts.
 */
export const DEMO_TAX_DETAILS: Record<string, TTaxDetailsInput> = {
  // landlord@: a person with both an NI number and a UTR, as most landlords who file Self Assessment have.
  james: {
    kind: "individual",
    legalName: "James Thornton",
    dateOfBirth: "1979-04-12",
    address: { line1: "1 Demo Street", city: "London", postcode: "SW1A 9ZZ", country: "GB" },
    nationalInsuranceNumber: "AB 12 34 56 C",
    utr: "11234 56789",
  },
  // manager@: a person with an NI number only.
  manager: {
    kind: "individual",
    legalName: "Sophie Clarke",
    dateOfBirth: "1988-09-30",
    address: { line1: "2 Demo Street", city: "London", postcode: "N1 9ZZ", country: "GB" },
    nationalInsuranceNumber: "AB 65 43 21 A",
  },
  // contractor@ trades as a limited company: a business with a company number and a UTR.
  contractor: {
    kind: "business",
    legalName: "Doyle Demo Repairs Ltd",
    address: { line1: "3 Demo Street", city: "London", postcode: "E8 9ZZ", country: "GB" },
    companyNumber: "12345678",
    utr: "99876 54321",
  },
};
