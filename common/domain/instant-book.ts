import type { TInstantBookSettings } from "../schemas/instant-book";

/** What instant book looks at in a guest's record. */
export type GuestStanding = { completedStays: number; wroteToHost: boolean };

const stays = (n: number) => `${n} completed ${n === 1 ? "stay" : "stays"}`;

/**
 * The requirements of a listing's instant book a guest has not met, in words the guest can act on; empty when they
 * qualify. Without a guest (nobody signed in), every requirement the landlord set is listed.
 */
export function instantBookUnmet(terms: TInstantBookSettings, guest: GuestStanding | null): string[] {
  const unmet: string[] = [];
  if (terms.instantBookMinStays > 0 && (guest === null || guest.completedStays < terms.instantBookMinStays)) {
    unmet.push(
      guest === null
        ? `At least ${stays(terms.instantBookMinStays)} on StayLondon`
        : `At least ${stays(terms.instantBookMinStays)} on StayLondon (you have ${guest.completedStays})`,
    );
  }
  if (terms.instantBookMessageRequired && !guest?.wroteToHost) {
    unmet.push("A message to the host about this home before you book");
  }
  return unmet;
}
