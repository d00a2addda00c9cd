import { STAY_MODE_LABELS } from "./stay-modes";

/**
 * A mid let is serviced accommodation, not a home: the guest says why they are staying and where they live. A stay
 * that is to be the guest's only or main home is a tenancy in law whatever it is called, so it is not booked as a mid
 * let; the guest is pointed to the tenancy instead.
 */
export const STAY_PURPOSES = ["holiday", "work", "study", "other"] as const;
export type StayPurpose = (typeof STAY_PURPOSES)[number];

export const STAY_PURPOSE_LABELS: Record<StayPurpose, string> = {
  holiday: "Holiday",
  work: "Work",
  study: "Study",
  other: "Other",
};

export const MAX_PURPOSE_OTHER_LENGTH = 200;
export const MAX_MAIN_HOME_ADDRESS_LENGTH = 300;

/** The refusal when a guest declares a mid let will be their main home. */
export function mainHomeRefusal(tenancyOffered: boolean): string {
  return tenancyOffered
    ? `A stay that will be your main home is a tenancy, not a ${STAY_MODE_LABELS.mid_let.toLowerCase()}: book it as a tenancy instead.`
    : `A stay that will be your main home is a tenancy, not a ${STAY_MODE_LABELS.mid_let.toLowerCase()}, and this property doesn't offer tenancies.`;
}

export const MID_LET_DECLARATION_MISSING =
  "A mid let needs the purpose of your stay and your main home address (midLet)";

/** "Work", or "Other: a course of treatment", as the landlord reads it. */
export function stayPurposeText(purpose: StayPurpose, other: string | null): string {
  return purpose === "other" && other ? `${STAY_PURPOSE_LABELS.other}: ${other}` : STAY_PURPOSE_LABELS[purpose];
}
