import { londonToday } from "@common/domain/calendar-dates";
import { PERIODIC_TENANCY_TERMS, periodicTenancyCovers } from "@common/domain/periodic-terms";
import { PROPERTY_TYPE_LABELS } from "@common/domain/property-options";
import { isPropertyRef } from "@common/domain/property-ref";
import { PROPERTY_DETAIL_KEYS, PROPERTY_DETAILS } from "@common/entities/property-details";
import type { TPropertyDetail } from "@common/schemas/properties";
import { formatDate } from "@common/utils/dates";
import { ArrowLeft, BadgeCheck, Bath, BedDouble, MapPin, Star, Users, Wrench } from "lucide-react";
import type * as React from "react";
import { data, Link, type LoaderFunctionArgs, useLocation, useParams } from "react-router";
import { ListingActionsIsland } from "@/app/islands/listing-actions.island";
import { ListingHostPanelIsland } from "@/app/islands/listing-host-panel.island";
import { ListingPriceCardIsland } from "@/app/islands/listing-price-card.island";
import { ListingReviewsIsland } from "@/app/islands/listing-reviews.island";
import { pageDataOf } from "@/app/page-data";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { listingCertificatesQueryOptions } from "@/features/certificates/api/listing-certificates-api";
import { ListingCertificates } from "@/features/certificates/components/listing-certificates";
import { hostResponseQueryOptions } from "@/features/conversations/api/public-conversations-api";
import { propertyQueryOptions, useProperty } from "@/features/properties/public/api/get-property";
import { PropertyAmenities } from "@/features/properties/public/components/property-amenities";
import { PropertyHouseRules, PropertyVerification } from "@/features/properties/public/components/property-features";
import { PropertyGallery } from "@/features/properties/public/components/property-gallery";
import { PropertyLicensing } from "@/features/properties/public/components/property-licensing";
import { PropertyStayModes } from "@/features/properties/public/components/property-stay-modes";
import { propertyReviewsQueryOptions } from "@/features/reviews/api/property-reviews";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { isApiError } from "@/lib/api-client";
import { formatInteger, formatPounds, formatRating, pluralize, toAmount } from "@/lib/format";

/** The listing, its first reviews and its host's response figures; a listing that does not exist is a 404 page. */
export async function loader({ params, context }: LoaderFunctionArgs) {
  const { queryClient, waitForData } = pageDataOf(context);
  const ref = params.id ?? "";
  if (!isPropertyRef(ref)) return data(null, { status: 404 });
  const detail = propertyQueryOptions(ref);
  const listing = queryClient.prefetchQuery(detail);
  if (!waitForData) return null;
  await listing;
  const error = queryClient.getQueryState(detail.queryKey)?.error;
  if (isApiError(error, 404) || isApiError(error, 400)) return data(null, { status: 404 });
  const property = queryClient.getQueryData(detail.queryKey);
  if (property) {
    await Promise.all([
      queryClient.prefetchInfiniteQuery(propertyReviewsQueryOptions(property.id)),
      queryClient.prefetchQuery(hostResponseQueryOptions(property.id)),
      queryClient.prefetchQuery(listingCertificatesQueryOptions(String(property.id))),
    ]);
  }
  return null;
}

/** Detail at /property/:id and /properties/:id; the id is a number or a slug. */
export function Component() {
  const { id = "" } = useParams();
  const valid = isPropertyRef(id);
  const query = useProperty(id);
  const notFound = !valid || isApiError(query.error, 404) || isApiError(query.error, 400);

  useDocumentTitle(notFound ? "Property Not Found" : query.data ? query.data.title : null);

  if (notFound) return <PropertyNotFound />;
  if (query.isPending) return <PropertyDetailSkeleton />;
  if (query.isError) {
    return (
      <div className="container-page py-16">
        <h1 className="sr-only">Property</h1>
        <LoadErrorAlert title="Error loading property" onRetry={() => query.refetch()} />
      </div>
    );
  }
  return <PropertyDetailView property={query.data} propertyRef={id} />;
}

const FURNISHING_LABELS = {
  furnished: "Furnished",
  unfurnished: "Unfurnished",
  part_furnished: "Part furnished",
} as const;
const CANCELLATION_LABELS = { flexible: "Flexible", moderate: "Moderate", strict: "Strict" } as const;

/**
 * The listing. Sent as finished HTML: only its islands (Save and Share, the price card, the host panel and the
 * reviews) run in the browser, and they read the listing from the page's query cache by `propertyRef`.
 */
function PropertyDetailView({ property, propertyRef }: { property: TPropertyDetail; propertyRef: string }) {
  const { pathname, search } = useLocation();
  const hasRating = property.reviewCount > 0 && toAmount(property.rating) > 0;
  const underMaintenance = property.status === "maintenance";

  const facts: Array<{ label: string; value: string; icon: React.ElementType }> = [
    { label: "Guests", value: formatInteger(property.maxGuests), icon: Users },
    { label: "Bedrooms", value: formatInteger(property.bedrooms), icon: BedDouble },
    { label: "Bathrooms", value: formatInteger(property.bathrooms), icon: Bath },
    { label: "Rating", value: hasRating ? formatRating(property.rating) : "New", icon: Star },
  ];

  const details: Array<[string, string]> = [
    ["Property type", PROPERTY_TYPE_LABELS[property.propertyType]],
    ["Furnishing", FURNISHING_LABELS[property.furnishingStatus]],
  ];
  if (property.squareFeet) details.push(["Size", `${formatInteger(property.squareFeet)} sq ft`]);
  // A periodic tenancy (England from 1 May 2026) has terms, not a minimum of months.
  if (periodicTenancyCovers(property.nation, londonToday())) details.push(["Tenancy", PERIODIC_TENANCY_TERMS.line]);
  else details.push(["Minimum tenancy", pluralize(property.minTenancyMonths, "month")]);
  if (property.availableFrom) details.push(["Available from", formatDate(property.availableFrom)]);
  if (property.depositAmount) details.push(["Deposit", formatPounds(property.depositAmount)]);
  if (property.holdingDepositAmount) details.push(["Holding deposit", formatPounds(property.holdingDepositAmount)]);
  if (property.epcRating) details.push(["EPC rating", property.epcRating]);
  for (const key of PROPERTY_DETAIL_KEYS) {
    const value = property[key];
    if (value) details.push([PROPERTY_DETAILS[key].label, value]);
  }
  details.push(["Cancellation policy", CANCELLATION_LABELS[property.cancellationPolicy]]);

  return (
    <article className="container-page pt-6 pb-20 sm:pt-8">
      <nav aria-label="Breadcrumb">
        <Link
          to="/properties"
          className="inline-flex items-center gap-1.5 rounded-md text-sm font-medium text-muted-foreground hover:text-foreground"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          All properties
        </Link>
      </nav>

      <header className="mt-5 flex flex-col gap-5 lg:flex-row lg:items-end lg:justify-between">
        <div className="max-w-3xl">
          <div className="flex flex-wrap items-center gap-2">
            <Badge variant="secondary">
              <MapPin aria-hidden="true" />
              {property.city}
            </Badge>
            {property.verified ? (
              <Badge variant="success">
                <BadgeCheck aria-hidden="true" />
                Verified
              </Badge>
            ) : null}
            {underMaintenance ? (
              <Badge variant="warning">
                <Wrench aria-hidden="true" />
                Under Maintenance
              </Badge>
            ) : null}
          </div>
          <h1 className="mt-3 font-display text-3xl leading-tight font-medium tracking-tight sm:text-5xl">
            {property.title}
          </h1>
          <div className="mt-3 flex flex-wrap items-center gap-x-5 gap-y-2 text-sm text-muted-foreground">
            <p className="flex items-center gap-1.5 text-foreground">
              <Star aria-hidden="true" className="size-4 fill-brass-500 text-brass-500" />
              {hasRating ? (
                <>
                  <span className="font-semibold tabular-nums">
                    <span className="sr-only">Rated </span>
                    {formatRating(property.rating)}
                    <span className="sr-only"> out of 5</span>
                  </span>
                  <span className="text-muted-foreground">({pluralize(property.reviewCount, "review")})</span>
                </>
              ) : (
                <span>New · no reviews yet</span>
              )}
            </p>
            <p className="flex items-center gap-1.5">
              <MapPin aria-hidden="true" className="size-4 text-brass-700" />
              {property.address}
              {property.postcode && !property.address.includes(property.postcode) ? `, ${property.postcode}` : ""}
            </p>
          </div>
        </div>
        <ListingActionsIsland propertyId={property.id} title={property.title} />
      </header>

      <div className="mt-8">
        <PropertyGallery property={property} />
      </div>

      {/* Phones: facts, price card, then the rest. Desktop: the price card sticks in a right-hand column. */}
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem] lg:gap-x-14 lg:gap-y-0">
        <div className="min-w-0 lg:col-start-1 lg:row-start-1">
          <ul aria-label="Key facts" className="grid grid-cols-2 gap-3 sm:grid-cols-4">
            {facts.map(({ label, value, icon: Icon }) => (
              <li key={label} className="rounded-2xl border border-border bg-card p-4 shadow-soft">
                <Icon aria-hidden="true" className="size-5 text-brass-700" />
                <p className="mt-3 font-display text-2xl tabular-nums">{value}</p>
                <p className="text-sm text-muted-foreground">{label}</p>
              </li>
            ))}
          </ul>
        </div>

        <div className="lg:sticky lg:top-24 lg:col-start-2 lg:row-span-2 lg:row-start-1 lg:self-start">
          <ListingPriceCardIsland propertyRef={propertyRef} search={search} />
        </div>

        <div className="min-w-0 lg:col-start-1 lg:row-start-2">
          <section aria-labelledby="about-heading" className="lg:mt-12">
            <h2 id="about-heading" className="font-display text-2xl font-medium">
              About this property
            </h2>
            <p className="mt-4 leading-relaxed whitespace-pre-line text-foreground/90">{property.description}</p>
            <p className="mt-4 text-sm text-muted-foreground">
              Borough: <span className="font-medium text-foreground">{property.city}</span>
              {property.host.firstName ? (
                <>
                  {" · "}Hosted by <span className="font-medium text-foreground">{property.host.firstName}</span>
                </>
              ) : null}
            </p>
            <PropertyVerification property={property} />
          </section>

          <PropertyLicensing property={property} />

          <ListingHostPanelIsland propertyRef={propertyRef} pathname={pathname} search={search} />

          <section aria-labelledby="amenities-heading" className="mt-12 border-t border-border pt-10">
            <h2 id="amenities-heading" className="font-display text-2xl font-medium">
              Amenities
            </h2>
            <div className="mt-6">
              <PropertyAmenities property={property} />
            </div>
          </section>

          <PropertyHouseRules property={property} />

          <PropertyStayModes property={property} />

          <ListingCertificates propertyId={property.id} />

          <section aria-labelledby="details-heading" className="mt-12 border-t border-border pt-10">
            <h2 id="details-heading" className="font-display text-2xl font-medium">
              Property details
            </h2>
            <dl className="mt-6 grid gap-x-8 sm:grid-cols-2">
              {details.map(([term, value]) => (
                <div key={term} className="flex justify-between gap-4 border-b border-border py-3 text-sm">
                  <dt className="text-muted-foreground">{term}</dt>
                  <dd className="text-right font-medium">{value}</dd>
                </div>
              ))}
            </dl>
          </section>

          {property.termsAndConditions ? (
            <section aria-labelledby="terms-heading" className="mt-12 border-t border-border pt-10">
              <h2 id="terms-heading" className="font-display text-2xl font-medium">
                House rules &amp; terms
              </h2>
              <p className="mt-4 leading-relaxed whitespace-pre-line text-foreground/90">
                {property.termsAndConditions}
              </p>
            </section>
          ) : null}

          <ListingReviewsIsland propertyId={property.id} hostId={property.host.id} />
        </div>
      </div>
    </article>
  );
}

function PropertyNotFound() {
  return (
    <section className="container-page flex flex-1 flex-col items-center justify-center py-24 text-center">
      <p className="eyebrow">Nothing at this address</p>
      <h1 className="mt-3 font-display text-4xl font-medium tracking-tight sm:text-5xl">Property Not Found</h1>
      <p className="mt-4 max-w-md text-muted-foreground">
        The property you're looking for doesn't exist or is no longer listed.
      </p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Button asChild>
          <Link to="/properties">Browse Properties</Link>
        </Button>
        <Button asChild variant="outline">
          <Link to="/dashboard">Go to Dashboard</Link>
        </Button>
      </div>
    </section>
  );
}

function PropertyDetailSkeleton() {
  return (
    <div className="container-page pt-6 pb-20 sm:pt-8" aria-busy="true">
      <h1 className="sr-only">Loading property…</h1>
      <Skeleton className="h-4 w-28" />
      <Skeleton className="mt-6 h-6 w-24 rounded-full" />
      <Skeleton className="mt-4 h-12 w-3/4 max-w-2xl" />
      <Skeleton className="mt-4 h-4 w-72" />
      <div className="mt-8 grid gap-3 md:h-[28rem] md:grid-cols-[2fr_1fr] md:grid-rows-2 lg:h-[32rem]">
        <Skeleton className="aspect-[4/3] rounded-3xl md:row-span-2 md:aspect-auto" />
        <Skeleton className="hidden rounded-3xl md:block" />
        <Skeleton className="hidden rounded-3xl md:block" />
      </div>
      <div className="mt-10 grid gap-10 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
          {Array.from({ length: 4 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static skeleton list
            <Skeleton key={i} className="h-28 rounded-2xl" />
          ))}
        </div>
        <Skeleton className="h-96 rounded-3xl" />
      </div>
    </div>
  );
}
