import type { TMyProperty } from "@common/schemas/landlord-properties";
import { Building2, CalendarCheck, Gauge, LayoutDashboard, Plus, PoundSterling, Wrench } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { Button } from "@/components/ui/button";
import { EmptyList } from "@/components/ui/empty-list";
import { LinkButton } from "@/components/ui/link-button";
import { QueryStateView } from "@/components/ui/query-state-view";
import { SummaryPageSkeleton, SummaryStat } from "@/components/ui/summary-stat";
import { formatInteger, formatPercent, formatPounds } from "@/lib/format";
import type { QueryPageState } from "@/lib/query-state";
import { summariseMyProperties } from "../utils/my-properties-stats";
import { AddPropertyDialog } from "./add-property-dialog";
import { MyPropertiesCard, MyPropertiesCardSkeleton } from "./my-properties-card";

function AddPropertyButton({ size }: { size?: "default" | "lg" }) {
  return (
    <AddPropertyDialog
      trigger={
        <Button size={size}>
          <Plus aria-hidden="true" />
          Add New Property
        </Button>
      }
    />
  );
}

/** Landlord My Properties: four figures, then a card for each property. */
export function MyPropertiesPage({ state }: { state: QueryPageState<TMyProperty[]> }) {
  return (
    <AccountPage
      eyebrow="Your properties"
      title="My Properties"
      intro={<p>Every home you list, with its bookings and this month's earnings.</p>}
      actions={
        <>
          <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
            Dashboard
          </LinkButton>
          <LinkButton to="/landlord/maintenance" icon={Wrench} variant="outline">
            Maintenance
          </LinkButton>
          <AddPropertyButton />
        </>
      }
    >
      <QueryStateView
        state={state}
        errorTitle="Failed to load property data"
        loading={
          <SummaryPageSkeleton
            label="Loading your properties…"
            count={4}
            gridClassName="sm:grid-cols-2 lg:grid-cols-4"
            card={
              <div className="grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
                <MyPropertiesCardSkeleton />
                <MyPropertiesCardSkeleton />
                <MyPropertiesCardSkeleton />
              </div>
            }
          />
        }
      >
        {(properties) => <MyPropertiesContent properties={properties} />}
      </QueryStateView>
    </AccountPage>
  );
}

function MyPropertiesContent({ properties }: { properties: TMyProperty[] }) {
  const stats = summariseMyProperties(properties);
  return (
    <>
      <section aria-labelledby="my-properties-stats-heading">
        <h2 id="my-properties-stats-heading" className="sr-only">
          Summary
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          <SummaryStat
            icon={Building2}
            label="Total Properties"
            value={formatInteger(stats.total)}
            hint={`${formatInteger(stats.active)} active`}
          />
          <SummaryStat
            icon={PoundSterling}
            label="Monthly Revenue"
            value={formatPounds(stats.monthlyRevenue)}
            hint="Confirmed and completed stays this month"
          />
          <SummaryStat
            icon={CalendarCheck}
            label="Total Bookings"
            value={formatInteger(stats.bookings)}
            hint="All but cancelled"
          />
          <SummaryStat
            icon={Gauge}
            label="Avg Occupancy"
            value={formatPercent(stats.averageOccupancy)}
            hint="Booked over available nights this month"
          />
        </ul>
      </section>

      <section aria-labelledby="my-properties-list-heading" className="mt-12">
        <h2 id="my-properties-list-heading" className="font-display text-2xl font-medium">
          Properties
        </h2>
        {properties.length === 0 ? (
          <EmptyList
            className="mt-6"
            icon={Building2}
            title="No properties yet"
            action={<AddPropertyButton size="lg" />}
          >
            Add your first property with its photos and prices; guests can book it as soon as it is listed.
          </EmptyList>
        ) : (
          <ul className="mt-6 grid gap-6 sm:grid-cols-2 xl:grid-cols-3">
            {properties.map((property) => (
              <li key={property.id}>
                <MyPropertiesCard property={property} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
