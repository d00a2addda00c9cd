import type { TParty } from "./party";
import type { StayMode } from "./stay-modes";

/** What a listing says about who may come on a short or mid let. */
export type ListingWelcome = { petsAllowed: boolean; suitsChildren: boolean };

export const NO_PETS_HERE = "This listing does not allow pets. Search with pets to see listings that welcome them.";
export const NOT_FOR_CHILDREN_HERE =
  "This listing is not suitable for children or infants on short and mid stays. Search with children to see listings that suit them.";

/**
 * Why a listing turns this party away, or null. Only short and mid lets: a tenancy may not refuse children, and a
 * tenant who wants a pet asks the landlord through a pet request, which the landlord must answer with reasons.
 */
export function partyRefusal(listing: ListingWelcome, party: TParty, mode: StayMode): string | null {
  if (mode === "tenancy") return null;
  if (party.pets > 0 && !listing.petsAllowed) return NO_PETS_HERE;
  if (party.children + party.infants > 0 && !listing.suitsChildren) return NOT_FOR_CHILDREN_HERE;
  return null;
}
