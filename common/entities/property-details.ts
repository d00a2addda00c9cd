import { COUNCIL_TAX_BANDS } from "../domain/property-options";

/**
 * A property's short optional details, each declared once: stored as typed (blank: none), edited in its section of
 * the landlord's form, returned by the listing and manage answers, and shown in the listing's details when given.
 * A new one is an entry here and its column. Plain data, so the public listing page can read the labels without
 * loading the rules (common/entities/property.ts builds those from `kind`).
 */
export const PROPERTY_DETAILS = {
  /** The earliest time guests may arrive, so they can plan their journey before they ask. */
  checkInTime: { label: "Check-in from", section: "details", kind: "time" },
  councilTaxBand: {
    label: "Council tax band",
    section: "compliance",
    kind: "choice",
    choices: COUNCIL_TAX_BANDS,
    choiceLabel: (band: string) => `Band ${band}`,
  },
} as const satisfies Record<string, PropertyDetailDefinition>;

/** The landlord form's sections a detail can sit in. */
export type PropertyFormSection = "details" | "compliance";

export type PropertyDetailDefinition = {
  label: string;
  section: PropertyFormSection;
  placeholder?: string;
} & (
  | {
      kind: "choice";
      choices: readonly string[];
      /** How a choice reads in the list ("Band D"); the value itself when missing. */
      choiceLabel?: (value: string) => string;
    }
  /** A time of day, HH:MM on a 24-hour clock, picked with the browser's time control. */
  | { kind: "time" }
  | { kind: "text"; maxLength: number }
);

export type PropertyDetailKey = keyof typeof PROPERTY_DETAILS;
export const PROPERTY_DETAIL_KEYS = Object.keys(PROPERTY_DETAILS) as PropertyDetailKey[];
