import { ALL_IN_LABEL } from "@common/domain/all-in";
import type { TPropertySummary } from "@common/schemas/properties";
import { BedDouble, Building2, MapPin } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { PropertyImage } from "@/components/ui/property-image";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { formatPounds, pluralize } from "@/lib/format";
import { FEATURED_COUNT, useFeaturedProperties } from "../api/guest-dashboard-api";
import { DashboardPanel, PanelError } from "./panel-states";

function FeaturedItem({ property }: { property: TPropertySummary }) {
  return (
    <li className="flex flex-col gap-4 py-4 first:pt-0 last:pb-0 sm:flex-row sm:items-center">
      <div className="flex min-w-0 flex-1 items-center gap-4">
        <PropertyImage
          src={property.images[0]}
          alt=""
          width={112}
          height={84}
          sizes="112px"
          className="h-[84px] w-[112px] shrink-0 rounded-xl"
        />
        <div className="min-w-0">
          <h3 className="font-display text-lg leading-snug font-medium">{property.title}</h3>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-muted-foreground">
            <span className="flex items-center gap-1.5">
              <BedDouble aria-hidden="true" className="size-4" />
              {property.bedrooms === 0 ? "Studio" : pluralize(property.bedrooms, "bedroom")}
            </span>
            <span className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 text-brass-700" />
              {property.city}
            </span>
          </p>
          <p className="mt-1.5 tabular-nums">
            <span className="font-semibold">{formatPounds(property.allInPricePerNight)}</span>
            <span className="text-sm text-muted-foreground"> per night {ALL_IN_LABEL}</span>
          </p>
        </div>
      </div>
      <Button asChild variant="outline" size="sm" className="self-start sm:self-center">
        <Link to={`/property/${property.id}`} aria-label={`View Details: ${property.title}`}>
          View Details
        </Link>
      </Button>
    </li>
  );
}

function FeaturedSkeleton() {
  return (
    <div role="status" className="divide-y divide-border">
      <span className="sr-only">Loading featured properties…</span>
      <SkeletonRows
        count={FEATURED_COUNT}
        className="flex items-center gap-4 py-4 first:pt-0 last:pb-0"
        lead="h-[84px] w-[112px] shrink-0 rounded-xl"
        lines={["h-5 w-2/3", "h-4 w-1/3", "h-4 w-1/4"]}
      />
    </div>
  );
}

/** The first 3 properties (title, bedrooms, city, price per night, View Details). */
export function FeaturedPropertiesPanel({ className }: { className?: string }) {
  const featured = useFeaturedProperties();
  return (
    <DashboardPanel
      title="Featured properties"
      description="Hand-picked serviced homes, verified by our team."
      action={
        <Button asChild variant="link" size="sm">
          <Link to="/properties">Browse properties</Link>
        </Button>
      }
      className={className}
    >
      {featured.isPending ? (
        <FeaturedSkeleton />
      ) : featured.isError ? (
        <PanelError
          message="We couldn't load the featured properties."
          onRetry={() => void featured.refetch()}
          retrying={featured.isFetching}
        />
      ) : featured.data.length === 0 ? (
        <div className="flex flex-1 flex-col items-center justify-center gap-3 py-8 text-center">
          <Building2 aria-hidden="true" className="size-8 text-muted-foreground" />
          <p className="text-muted-foreground">No properties available at the moment</p>
        </div>
      ) : (
        <ul className="divide-y divide-border">
          {featured.data.slice(0, FEATURED_COUNT).map((property) => (
            <FeaturedItem key={property.id} property={property} />
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
