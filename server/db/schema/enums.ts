import { pgEnum } from "drizzle-orm/pg-core";
import { LEDGER_ACCOUNT_KINDS, LEDGER_TRANSACTION_KINDS } from "../../../common/domain/ledger";
import { ISSUED_DOCUMENT_KINDS } from "../../../common/domain/money-documents";
import {
  BOOKING_STATUSES,
  COUNCIL_TAX_BANDS,
  EPC_RATINGS,
  FURNISHING_STATUSES,
  PROPERTY_TYPES,
} from "../../../common/domain/property-options";
import { AUTH_PROVIDERS, ROLES } from "../../../common/domain/roles";
import { STAY_MODES } from "../../../common/domain/stay-modes";
import { TAX_DETAILS_KINDS } from "../../../common/domain/tax-identifiers";
import { LEVY_AREAS, UK_NATIONS } from "../../../common/domain/uk-law";

export const userRole = pgEnum("user_role", ROLES);
export const authProvider = pgEnum("auth_provider", AUTH_PROVIDERS);
export const propertyType = pgEnum("property_type", PROPERTY_TYPES);
export const furnishingStatus = pgEnum("furnishing_status", FURNISHING_STATUSES);
export const epcRating = pgEnum("epc_rating", EPC_RATINGS);
export const ukNation = pgEnum("uk_nation", UK_NATIONS);
export const levyArea = pgEnum("levy_area", LEVY_AREAS);
export const councilTaxBand = pgEnum("council_tax_band", COUNCIL_TAX_BANDS);
export const cancellationPolicy = pgEnum("cancellation_policy", ["flexible", "moderate", "strict"]);
export const bookingStatus = pgEnum("booking_status", BOOKING_STATUSES);
export const paymentStatus = pgEnum("payment_status", ["pending", "succeeded", "failed", "refunded"]);
export const availabilityStatus = pgEnum("availability_status", ["available", "blocked"]);
export const stayMode = pgEnum("stay_mode", STAY_MODES);
export const ledgerAccountKind = pgEnum("ledger_account_kind", LEDGER_ACCOUNT_KINDS);
export const ledgerTransactionKind = pgEnum("ledger_transaction_kind", LEDGER_TRANSACTION_KINDS);
export const taxDetailsKind = pgEnum("tax_details_kind", TAX_DETAILS_KINDS);
export const issuedDocumentKind = pgEnum("issued_document_kind", ISSUED_DOCUMENT_KINDS);
