import { mayActOn } from "@common/domain/permissions";
import { useAuth } from "@/features/auth/api/session";
import { PropertyReviews } from "@/features/reviews/components/property-reviews";
import { defineIsland } from "@/lib/island";

/** The listing's reviews, ten at a time, with a reply form for whoever may answer them. */
export function ListingReviews({ propertyId, hostId }: { propertyId: number; hostId: number }) {
  const { user } = useAuth();
  // The server decides; this only offers the Respond form to whoever it would accept it from.
  const canRespond = user ? mayActOn(user, "respond", "review", { ownerId: hostId }) : false;
  return <PropertyReviews propertyId={propertyId} canRespond={canRespond} />;
}

export const ListingReviewsIsland = defineIsland("listing-reviews", ListingReviews);
