import type { TManagedPropertySummary } from "@common/schemas/property-management";
import { useQuery, useQueryClient } from "@tanstack/react-query";
import { Building2, CalendarCheck, Gauge, Wrench } from "lucide-react";
import { useState } from "react";
import { EmptyList } from "@/components/ui/empty-list";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { LoadingBlock } from "@/components/ui/loading-block";
import { SummaryStatsSection } from "@/components/ui/summary-stat";
import { TabCount, Tabs, TabsContent, TabsList, TabsTrigger } from "@/components/ui/tabs";
import { formatInteger, formatPercent } from "@/lib/format";
import { managedPropertiesQueryOptions, managerKeys } from "../api/manager-dashboard-api";
import { managerFigures } from "../utils/manager-figures";
import { ManagedPropertyCard, ManagedPropertyCardSkeleton } from "./managed-property-card";
import { ManagedPropertyDialog } from "./managed-property-dialog";
import type { ManagerSlots } from "./slots";

const TABS = [
  { value: "properties", label: "Managed Properties" },
  { value: "bookings", label: "Bookings" },
  { value: "maintenance", label: "Maintenance" },
  { value: "communication", label: "Communication" },
] as const;
type TabValue = (typeof TABS)[number]["value"];

function ManagerFigures({
  properties,
  failed,
}: {
  properties: TManagedPropertySummary[] | undefined;
  failed: boolean;
}) {
  const figures = managerFigures(properties ?? []);
  const loading = properties === undefined && !failed;
  return (
    <SummaryStatsSection
      headingId="manager-figures-heading"
      heading="Your figures"
      gridClassName="grid gap-3 sm:grid-cols-2 sm:gap-5 xl:grid-cols-4"
      loading={loading}
      unavailable={failed}
      figures={[
        {
          icon: Building2,
          label: "Managed Properties",
          value: formatInteger(figures.properties),
          hint: "Assigned to you now",
        },
        {
          icon: CalendarCheck,
          label: "Active Bookings",
          value: formatInteger(figures.activeBookings),
          hint: "Confirmed stays not yet over",
        },
        {
          icon: Wrench,
          label: "Open Maintenance",
          value: formatInteger(figures.openMaintenance),
          hint: "Pending, scheduled or in progress",
        },
        {
          icon: Gauge,
          label: "Average Occupancy",
          value: formatPercent(figures.averageOccupancy),
          hint: "Across your properties this month",
        },
      ]}
    />
  );
}

/**
 * The property manager dashboard's body: four figures added up from their properties, and the tabs Managed
 * Properties, Bookings, Maintenance and Communication.
 */
export function ManagerWorkspace({
  BookingsTab,
  MaintenanceTab,
  PropertyJobs,
  ScheduleMaintenance,
  ThreadsPanel,
}: ManagerSlots) {
  const [tab, setTab] = useState<TabValue>("properties");
  const [viewing, setViewing] = useState<TManagedPropertySummary | null>(null);
  // Contact Owner opens the thread of that property's assignment; the panel is remounted on it.
  const [threadFor, setThreadFor] = useState<{ assignmentId: number } | null>(null);
  const properties = useQuery(managedPropertiesQueryOptions);
  const queryClient = useQueryClient();
  const unread = (properties.data ?? []).reduce((sum, property) => sum + property.unreadMessages, 0);

  function contactOwner(property: TManagedPropertySummary) {
    setThreadFor({ assignmentId: property.assignmentId });
    setTab("communication");
  }

  return (
    <>
      <ManagerFigures properties={properties.data} failed={properties.isError} />
      {properties.isError ? (
        <LoadErrorAlert
          title="Failed to load property data"
          onRetry={() => void properties.refetch()}
          retryLabel="Retry"
          retrying={properties.isFetching}
          announce
        />
      ) : null}

      <Tabs value={tab} onValueChange={(value) => setTab(value as TabValue)}>
        <TabsList aria-label="Your management">
          {TABS.map((t) => (
            <TabsTrigger key={t.value} value={t.value}>
              {t.label}
              {t.value === "communication" ? <TabCount count={unread} label="unread messages" /> : null}
            </TabsTrigger>
          ))}
        </TabsList>

        <TabsContent value="properties">
          <section aria-labelledby="managed-properties-heading" className="grid gap-5">
            <h2 id="managed-properties-heading" className="font-display text-2xl font-medium">
              Managed Properties
            </h2>
            {properties.isPending ? (
              <LoadingBlock label="Loading your properties…" className="grid gap-5 xl:grid-cols-2">
                <ManagedPropertyCardSkeleton />
                <ManagedPropertyCardSkeleton />
              </LoadingBlock>
            ) : properties.isError ? null : properties.data.length === 0 ? (
              <EmptyList icon={Building2} title="No managed properties yet">
                When a landlord assigns a property to you, it appears here with its bookings, maintenance and a thread
                with its owner.
              </EmptyList>
            ) : (
              <ul aria-labelledby="managed-properties-heading" className="grid gap-5 xl:grid-cols-2">
                {properties.data.map((property) => (
                  <li key={property.id}>
                    <ManagedPropertyCard
                      property={property}
                      ScheduleMaintenance={ScheduleMaintenance}
                      onViewDetails={() => setViewing(property)}
                      onContactOwner={() => contactOwner(property)}
                    />
                  </li>
                ))}
              </ul>
            )}
          </section>
        </TabsContent>

        <TabsContent value="bookings">
          <BookingsTab />
        </TabsContent>

        <TabsContent value="maintenance">
          <MaintenanceTab />
        </TabsContent>

        <TabsContent value="communication">
          <ThreadsPanel
            key={threadFor?.assignmentId ?? "all"}
            {...(threadFor ? { initialAssignmentId: threadFor.assignmentId } : {})}
            // Reading a thread marks it read: the tab's and the cards' unread counts are counted again at once.
            onRead={() => void queryClient.invalidateQueries({ queryKey: managerKeys.properties })}
          />
        </TabsContent>
      </Tabs>

      <ManagedPropertyDialog
        property={viewing}
        onOpenChange={(open) => {
          if (!open) setViewing(null);
        }}
        PropertyJobs={PropertyJobs}
        ScheduleMaintenance={ScheduleMaintenance}
      />
    </>
  );
}
