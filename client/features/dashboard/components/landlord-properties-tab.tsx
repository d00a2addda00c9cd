import type { TMyProperty } from "@common/schemas/landlord-properties";
import { Building2, MapPin, Plus } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { CardSkeleton } from "@/components/ui/card-skeleton";
import { EmptyList } from "@/components/ui/empty-list";
import { Fact } from "@/components/ui/fact";
import { PropertyStatusBadge } from "@/components/ui/property-status-badge";
import { ShortLetCount } from "@/components/ui/short-let-count";
import { formatInteger, formatPounds } from "@/lib/format";
import { useLandlordProperties } from "../api/landlord-dashboard-api";
import { PanelError } from "./panel-states";
import type { AddPropertyDialogSlot } from "./slots";

/** The Properties tab: title, address, bedrooms, bathrooms, maxGuests and the price per night of each property. */
export function LandlordPropertiesTab({ AddPropertyDialog }: { AddPropertyDialog: AddPropertyDialogSlot }) {
  const properties = useLandlordProperties();
  if (properties.isPending) return <PropertiesSkeleton />;
  if (properties.isError) {
    return (
      <PanelError
        message="Failed to load property data"
        onRetry={() => void properties.refetch()}
        retrying={properties.isFetching}
      />
    );
  }
  if (properties.data.length === 0) {
    return (
      <EmptyList
        icon={Building2}
        title="No properties yet"
        titleAs="h2"
        size="panel"
        action={
          <AddPropertyDialog
            trigger={
              <Button size="lg">
                <Plus aria-hidden="true" />
                Add New Property
              </Button>
            }
          />
        }
      >
        Add your first property with its photos and prices; guests can book it as soon as it is listed.
      </EmptyList>
    );
  }
  return (
    <section aria-labelledby="landlord-properties-heading">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <h2 id="landlord-properties-heading" className="font-display text-2xl font-medium tracking-tight">
          Your properties
        </h2>
        <Button asChild variant="link" size="sm">
          <Link to="/landlord/properties">My Properties</Link>
        </Button>
      </div>
      <ul className="mt-5 grid gap-4 lg:grid-cols-2">
        {properties.data.map((property) => (
          <PropertyRow key={property.id} property={property} />
        ))}
      </ul>
    </section>
  );
}

function PropertyRow({ property }: { property: TMyProperty }) {
  const headingId = `landlord-property-${property.id}`;
  return (
    <li>
      <article
        aria-labelledby={headingId}
        className="flex h-full flex-col rounded-2xl border border-border bg-card p-5 shadow-soft sm:p-6"
      >
        <div className="flex items-start justify-between gap-3">
          <h3 id={headingId} className="font-display text-xl leading-snug font-medium break-words">
            {property.title}
          </h3>
          {/* A listing that is not open to guests says so; an active one needs no badge. */}
          {property.status === "active" ? null : <PropertyStatusBadge status={property.status} />}
        </div>
        <p className="mt-1 flex items-start gap-1.5 text-sm text-muted-foreground">
          <MapPin aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-brass-700" />
          <span>{property.address}</span>
        </p>
        <dl className="mt-5 grid grid-cols-2 gap-x-4 gap-y-3 text-sm sm:grid-cols-4">
          <Fact term="Bedrooms">{formatInteger(property.bedrooms)}</Fact>
          <Fact term="Bathrooms">{formatInteger(property.bathrooms)}</Fact>
          <Fact term="Max guests">{formatInteger(property.maxGuests)}</Fact>
          <Fact term="Per night">{formatPounds(property.pricePerNight)}</Fact>
        </dl>
        <ShortLetCount count={property.shortLets} className="mt-4" />
        <div className="mt-auto flex pt-5">
          <Button asChild variant="outline" size="sm">
            <Link to={`/properties/${property.id}/manage`} aria-label={`Manage Property: ${property.title}`}>
              Manage Property
            </Link>
          </Button>
        </div>
      </article>
    </li>
  );
}

function PropertiesSkeleton() {
  return (
    <div role="status" className="grid gap-4 lg:grid-cols-2">
      <span className="sr-only">Loading your properties…</span>
      {[0, 1].map((key) => (
        <CardSkeleton
          key={key}
          className="gap-4 rounded-2xl p-6"
          heading="h-6 w-2/3"
          line="h-4 w-1/2"
          facts={4}
          factsClassName="grid grid-cols-4 gap-4"
          factClassName="h-9"
          actions="h-9 w-36 rounded-full"
        />
      ))}
    </div>
  );
}
