import type { TManagedProperty } from "@common/schemas/landlord-properties";
import {
  CalendarDays,
  CalendarSync,
  Images,
  LayoutGrid,
  type LucideIcon,
  PencilLine,
  SearchX,
  Tags,
  ToggleRight,
  UserCog,
  Wrench,
  Zap,
} from "lucide-react";
import { Tabs } from "radix-ui";
import type * as React from "react";
import { useSearchParams } from "react-router";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { Skeleton } from "@/components/ui/skeleton";
import { StatusPanel } from "@/components/ui/status-panel";
import { formatPounds, pluralize } from "@/lib/format";
import { cn } from "@/lib/utils";
import { AvailabilityCalendar } from "./availability-calendar";
import { CalendarSyncSection } from "./calendar-sync-section";
import { EditDetailsSection } from "./edit-details-section";
import { InstantBookSection } from "./instant-book-section";
import { PhotoManager } from "./photo-manager";
import { PricingRulesSection } from "./pricing-rules-section";
import { PropertyManagerSection, type ThreadViewSlot } from "./property-manager-section";
import { StatusBadge, StatusSection, ViewListingButton } from "./status-section";
import { useWideScreen } from "./use-wide-screen";

export type ManagePropertyState =
  | { status: "loading" }
  | { status: "not-found" }
  | { status: "error"; retry: () => void; retrying: boolean }
  | {
      status: "ready";
      property: TManagedProperty;
      /** The id or slug of the page's address: the key every call and cache entry of the page uses. */
      propertyRef: string;
    };

const SECTIONS = ["details", "photos", "calendar", "sync", "pricing", "instant", "status", "manager"] as const;
/** Sections another feature provides, shown when the route hands them in. */
type SlotSection = "maintenance";
type Section = (typeof SECTIONS)[number] | SlotSection;
const SECTION_NAV: Record<Section, { label: string; icon: LucideIcon }> = {
  details: { label: "Details", icon: PencilLine },
  photos: { label: "Photos", icon: Images },
  calendar: { label: "Calendar", icon: CalendarDays },
  sync: { label: "Calendar sync", icon: CalendarSync },
  pricing: { label: "Pricing", icon: Tags },
  instant: { label: "Instant book", icon: Zap },
  status: { label: "Status", icon: ToggleRight },
  manager: { label: "Manager", icon: UserCog },
  maintenance: { label: "Maintenance", icon: Wrench },
};

/** The property's maintenance jobs (the maintenance feature's; the route passes it in). */
export type MaintenanceSectionSlot = React.ComponentType<{ propertyId: number; propertyTitle: string }>;

/**
 * Manage property (/properties/{id}/manage): the owner's (or an admin's) workspace for one listing. `ThreadView`
 * is the conversation with the property's manager, `MaintenanceSection` the property's maintenance jobs, and
 * `notice` what the owner should know first (payouts not set up), all composed in by the route.
 */
export function ManagePropertyPage({
  state,
  ThreadView,
  MaintenanceSection,
  notice,
}: {
  state: ManagePropertyState;
  ThreadView: ThreadViewSlot;
  MaintenanceSection?: MaintenanceSectionSlot | undefined;
  notice?: React.ReactNode;
}) {
  if (state.status === "not-found") return <PropertyNotFound />;
  if (state.status === "ready") {
    return (
      <ManageProperty
        property={state.property}
        propertyRef={state.propertyRef}
        ThreadView={ThreadView}
        MaintenanceSection={MaintenanceSection}
        notice={notice}
      />
    );
  }
  return (
    <AccountPage
      eyebrow="Manage property"
      title={state.status === "loading" ? "Loading property…" : "Manage property"}
      intro={
        <p>
          Details, photos, calendar, calendar sync, pricing, instant book, status and manager of one of your properties.
        </p>
      }
      actions={<MyPropertiesButton />}
    >
      {state.status === "loading" ? (
        <div aria-busy="true" className="grid gap-6 lg:grid-cols-[13rem_1fr]">
          <p role="status" className="sr-only">
            Loading the property…
          </p>
          <div className="flex gap-2 lg:flex-col">
            {SECTIONS.map((s) => (
              <Skeleton key={s} className="h-11 w-28 rounded-full lg:w-full" />
            ))}
          </div>
          <div className="grid gap-4">
            <Skeleton className="h-9 w-56" />
            <Skeleton className="h-64 rounded-2xl" />
            <Skeleton className="h-40 rounded-2xl" />
          </div>
        </div>
      ) : (
        <LoadErrorAlert
          title="Failed to load property data"
          onRetry={state.retry}
          retryLabel="Retry"
          retrying={state.retrying}
          announce
          centred
        />
      )}
    </AccountPage>
  );
}

function MyPropertiesButton() {
  return (
    <LinkButton to="/landlord/properties" icon={LayoutGrid} variant="outline">
      My properties
    </LinkButton>
  );
}

/** The same calm answer whether the property does not exist or belongs to someone else: nothing leaks. */
function PropertyNotFound() {
  return (
    <StatusPanel
      icon={<SearchX />}
      title="Property not found"
      actions={
        <>
          <MyPropertiesButton />
          <LinkButton to="/dashboard" variant="ghost">
            Go to Dashboard
          </LinkButton>
        </>
      }
    >
      <p>There is no property here that you can manage. Check the link, or pick one from your properties.</p>
    </StatusPanel>
  );
}

function ManageProperty({
  property,
  propertyRef,
  ThreadView,
  MaintenanceSection,
  notice,
}: {
  property: TManagedProperty;
  propertyRef: string;
  ThreadView: ThreadViewSlot;
  MaintenanceSection: MaintenanceSectionSlot | undefined;
  notice: React.ReactNode;
}) {
  const [params, setParams] = useSearchParams();
  const wide = useWideScreen();
  const sections: readonly Section[] = MaintenanceSection ? [...SECTIONS, "maintenance"] : SECTIONS;
  const isSection = (value: string | null): value is Section => sections.includes(value as Section);
  const requested = params.get("section");
  const section: Section = isSection(requested) ? requested : "details";

  function open(next: Section) {
    setParams(
      (current) => {
        const copy = new URLSearchParams(current);
        if (next === "details") copy.delete("section");
        else copy.set("section", next);
        return copy;
      },
      { replace: true },
    );
  }

  return (
    <AccountPage
      eyebrow="Manage property"
      title={property.title}
      intro={
        <div className="grid gap-2">
          <p className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
            <StatusBadge status={property.status} />
            <span>
              {property.address}, {property.city}
            </span>
          </p>
          <p>
            {formatPounds(property.pricePerNight)} a night · {pluralize(property.photos.length, "photo")}
          </p>
        </div>
      }
      actions={
        <>
          <ViewListingButton propertyId={property.id} />
          <MyPropertiesButton />
        </>
      }
    >
      {notice}
      <Tabs.Root
        value={section}
        onValueChange={(value) => isSection(value) && open(value)}
        orientation={wide ? "vertical" : "horizontal"}
        className="grid gap-6 lg:grid-cols-[13rem_minmax(0,1fr)] lg:gap-10"
      >
        <Tabs.List
          aria-label="Sections"
          className="-mx-4 flex gap-1 overflow-x-auto px-4 pb-1 sm:mx-0 sm:px-0 lg:sticky lg:top-24 lg:flex-col lg:self-start lg:overflow-visible"
        >
          {sections.map((value) => {
            const { label, icon: Icon } = SECTION_NAV[value];
            return (
              <Tabs.Trigger
                key={value}
                value={value}
                className={cn(
                  "inline-flex h-11 shrink-0 cursor-pointer items-center gap-2 rounded-full border border-transparent px-4 text-sm font-medium text-muted-foreground transition-colors lg:w-full lg:rounded-xl",
                  "hover:bg-card hover:text-foreground focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring",
                  "data-[state=active]:border-border data-[state=active]:bg-card data-[state=active]:text-foreground data-[state=active]:shadow-soft",
                )}
              >
                <Icon aria-hidden="true" className="size-4" />
                {label}
              </Tabs.Trigger>
            );
          })}
        </Tabs.List>

        {/* Details stays mounted (hidden) so unsaved edits survive a visit to another section. */}
        <Tabs.Content value="details" forceMount className="min-w-0 data-[state=inactive]:hidden">
          <EditDetailsSection property={property} propertyRef={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="photos" className="min-w-0">
          <PhotoManager property={property} propertyRef={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="calendar" className="min-w-0">
          <AvailabilityCalendar propertyId={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="sync" className="min-w-0">
          <CalendarSyncSection propertyId={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="pricing" className="min-w-0">
          <PricingRulesSection
            propertyId={propertyRef}
            basePrice={property.pricePerNight}
            onShowCalendar={() => open("calendar")}
          />
        </Tabs.Content>
        <Tabs.Content value="instant" className="min-w-0">
          <InstantBookSection property={property} propertyRef={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="status" className="min-w-0">
          <StatusSection property={property} propertyRef={propertyRef} />
        </Tabs.Content>
        <Tabs.Content value="manager" className="min-w-0">
          <PropertyManagerSection propertyRef={propertyRef} ThreadView={ThreadView} />
        </Tabs.Content>
        {MaintenanceSection ? (
          <Tabs.Content value="maintenance" className="min-w-0">
            <MaintenanceSection propertyId={property.id} propertyTitle={property.title} />
          </Tabs.Content>
        ) : null}
      </Tabs.Root>
    </AccountPage>
  );
}
