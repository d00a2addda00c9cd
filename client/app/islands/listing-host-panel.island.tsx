import type { TPropertyDetail } from "@common/schemas/properties";
import { useAuth } from "@/features/auth/api/session";
import { HostPanel } from "@/features/conversations/components/host-panel";
import { defineIsland } from "@/lib/island";
import { withListing } from "./listing";

/** "Your host", for whoever is looking: the host themself, a signed-in guest who may ask, or a visitor. */
function ListingHostPanelFor({
  property,
  pathname,
  search,
}: {
  property: TPropertyDetail;
  pathname: string;
  search: string;
}) {
  const auth = useAuth();
  const viewer =
    auth.status === "authenticated" ? { status: auth.status, userId: auth.user.id } : { status: auth.status };
  return <HostPanel property={property} viewer={viewer} pathname={pathname} search={search} />;
}

export const ListingHostPanel = withListing(ListingHostPanelFor);
export const ListingHostPanelIsland = defineIsland("listing-host-panel", ListingHostPanel);
