import { ALL_IN_LABEL } from "@common/domain/all-in";
import type { TPropertySummary } from "@common/schemas/properties";
import { ArrowRight, Bath, BedDouble, CircleAlert, MapPin } from "lucide-react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { PropertyImage } from "@/components/ui/property-image";
import { SiteLink } from "@/components/ui/site-link";
import { formatPounds, pluralize } from "@/lib/format";
import { bedroomsLabel } from "../../utils/format-property";
import { useProperties } from "../api/get-properties";
import { coverImage } from "../utils/property-images";
import { PropertyCard, PropertyCardSkeleton } from "./property-card";

/** The featured grid shows 6 skeletons while loading. */
export const FEATURED_COUNT = 6;

export function FeaturedProperties() {
  const { data, isPending, isError } = useProperties({}, FEATURED_COUNT);

  return (
    <section aria-labelledby="featured-heading" className="container-page py-20 sm:py-24">
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <div className="max-w-2xl">
          <p className="eyebrow">Guests' favourites</p>
          <h2 id="featured-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
            Featured Properties
          </h2>
          <p className="mt-3 text-muted-foreground">
            The homes our guests rate highest, ready for a weekend or a season.
          </p>
        </div>
        <Button asChild variant="outline" className="self-start sm:self-auto">
          <SiteLink href="/properties">
            Browse All Properties
            <ArrowRight aria-hidden="true" />
          </SiteLink>
        </Button>
      </div>

      <div className="mt-10" aria-busy={isPending}>
        {isPending ? (
          <div className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            <p className="sr-only" role="status">
              Loading featured properties…
            </p>
            {Array.from({ length: FEATURED_COUNT }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
              <PropertyCardSkeleton key={i} />
            ))}
          </div>
        ) : isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Error loading properties</AlertTitle>
            <AlertDescription>Please try again later.</AlertDescription>
          </Alert>
        ) : (
          <>
            {data.items.length > 0 ? (
              <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
                {data.items.map((property) => (
                  <li key={property.id}>
                    <PropertyCard property={property} />
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="mt-10">
              {data.items[0] ? (
                <SpotlightTile property={data.items[0]} />
              ) : (
                <div className="rounded-2xl border border-dashed border-input bg-card px-6 py-14 text-center">
                  <p className="font-display text-xl">No properties available at the moment</p>
                  <p className="mt-2 text-sm text-muted-foreground">
                    New homes are added every week. Please check back soon.
                  </p>
                </div>
              )}
            </div>
          </>
        )}
      </div>
    </section>
  );
}

/** The large tile under the grid: the first listed property. */
function SpotlightTile({ property }: { property: TPropertySummary }) {
  return (
    <article
      aria-labelledby="spotlight-title"
      className="grid overflow-hidden rounded-3xl bg-ink-800 text-ivory shadow-lift lg:grid-cols-[1.15fr_1fr]"
    >
      <div className="relative aspect-[16/10] lg:aspect-auto lg:min-h-[26rem]">
        <PropertyImage src={coverImage(property.images)} alt={property.title} width={1200} height={800} />
      </div>
      <div className="flex flex-col justify-center gap-5 p-7 sm:p-10 lg:p-12">
        <p className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">In the spotlight</p>
        <h3 id="spotlight-title" className="font-display text-3xl leading-tight font-medium sm:text-4xl">
          {property.title}
        </h3>
        <ul className="flex flex-wrap gap-x-5 gap-y-2 text-sm text-ivory/85">
          <li className="flex items-center gap-1.5">
            <MapPin aria-hidden="true" className="size-4 text-brass-300" />
            {property.city}
          </li>
          <li className="flex items-center gap-1.5">
            <BedDouble aria-hidden="true" className="size-4 text-brass-300" />
            {bedroomsLabel(property.bedrooms)}
          </li>
          <li className="flex items-center gap-1.5">
            <Bath aria-hidden="true" className="size-4 text-brass-300" />
            {pluralize(property.bathrooms, "bathroom")}
          </li>
        </ul>
        <p className="line-clamp-4 leading-relaxed text-ivory/80">{property.description}</p>
        <div className="flex flex-wrap items-center justify-between gap-4 border-t border-white/15 pt-5">
          <p className="tabular-nums">
            <span className="font-display text-3xl">{formatPounds(property.allInPricePerNight)}</span>
            <span className="text-sm text-ivory/75"> per night {ALL_IN_LABEL}</span>
          </p>
          <Button asChild variant="accent">
            <SiteLink href={`/property/${property.id}`} aria-label={`View property: ${property.title}`}>
              View property
              <ArrowRight aria-hidden="true" />
            </SiteLink>
          </Button>
        </div>
      </div>
    </article>
  );
}
