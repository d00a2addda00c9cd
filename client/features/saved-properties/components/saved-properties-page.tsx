import { ALL_IN_LABEL } from "@common/domain/all-in";
import type { TSavedProperty } from "@common/schemas/saved-properties";
import { ArrowLeftRight, Building2, Heart, LayoutDashboard, PoundSterling } from "lucide-react";
import type * as React from "react";
import { useRef } from "react";
import { AccountButtons, AccountPage } from "@/components/layouts/account-page";
import { EmptyList } from "@/components/ui/empty-list";
import { LinkButton } from "@/components/ui/link-button";
import { LoadErrorAlert } from "@/components/ui/load-error-alert";
import { formatInteger, formatPounds } from "@/lib/format";
import { cn } from "@/lib/utils";
import { useSavedProperties } from "../api/saved-properties";
import { savedStats } from "../utils/saved-stats";
import { SavedPropertyCard } from "./saved-property-card";

/** Saved Properties, for a signed-in user with a verified e-mail. */
export function SavedPropertiesPage({ name }: { name: string }) {
  const query = useSavedProperties({ enabled: true });
  return (
    <AccountPage
      eyebrow="Your shortlist"
      title="Saved Properties"
      intro={<p>The homes you have kept for later, side by side, ready when you are.</p>}
      actions={<SavedActions name={name} />}
      actionsLabel="Your account"
      sideBySideFrom="lg"
    >
      {query.isPending ? (
        <SavedLoading />
      ) : query.isError ? (
        <LoadErrorAlert title="Error loading saved properties" onRetry={() => query.refetch()} />
      ) : (
        <SavedContent items={query.data} />
      )}
    </AccountPage>
  );
}

/** Dashboard, Browse, Profile and Logout. */
function SavedActions({ name }: { name: string }) {
  return (
    <>
      <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
        Dashboard
      </LinkButton>
      <LinkButton to="/properties" icon={Building2} variant="outline">
        Browse Properties
      </LinkButton>
      <AccountButtons name={name} />
    </>
  );
}

function SavedLoading() {
  return (
    <div role="status" className="flex flex-col items-center justify-center gap-4 py-20">
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
      />
      <p className="text-muted-foreground">Loading your saved properties...</p>
    </div>
  );
}

function SavedContent({ items }: { items: TSavedProperty[] }) {
  const listHeading = useRef<HTMLHeadingElement>(null);
  const stats = savedStats(items);
  const range =
    stats.lowestPerNight === null || stats.highestPerNight === null
      ? null
      : `${formatPounds(stats.lowestPerNight)} – ${formatPounds(stats.highestPerNight)}`;

  return (
    <div className="grid gap-10">
      <section aria-labelledby="saved-summary-heading">
        <h2 id="saved-summary-heading" className="sr-only">
          Summary
        </h2>
        <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4">
          <StatCard label="Total Saved" value={formatInteger(stats.total)} icon={<Heart />} />
          <StatCard
            label="Average Price"
            value={stats.averagePerNight === null ? null : formatPounds(stats.averagePerNight)}
            note={`per night ${ALL_IN_LABEL}`}
            icon={<PoundSterling />}
          />
          <StatCard
            label="Price Range"
            value={range}
            note={`per night ${ALL_IN_LABEL}`}
            icon={<ArrowLeftRight />}
            className="col-span-2 sm:col-span-1"
          />
        </dl>
      </section>

      <section aria-labelledby="saved-list-heading">
        <h2
          id="saved-list-heading"
          ref={listHeading}
          tabIndex={-1}
          className="font-display text-2xl font-medium tracking-tight outline-none"
        >
          Your saved homes
        </h2>
        {items.length === 0 ? (
          <SavedEmpty />
        ) : (
          <ul className="mt-5 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {items.map((item) => (
              <li key={item.id}>
                {/* Focus would fall to the page's start with the removed card; the list's heading keeps the place. */}
                <SavedPropertyCard item={item} onRemoved={() => listHeading.current?.focus()} />
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

function StatCard({
  label,
  value,
  note,
  icon,
  className,
}: {
  label: string;
  /** Null while there is nothing to work it out from. */
  value: string | null;
  note?: string;
  icon: React.ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("rounded-2xl border border-border bg-card p-4 shadow-soft sm:p-5", className)}>
      <dt className="flex items-center gap-2 text-sm font-medium text-muted-foreground [&_svg]:size-4 [&_svg]:text-brass-700">
        <span aria-hidden="true">{icon}</span>
        {label}
      </dt>
      <dd className="mt-2 font-display text-2xl font-medium tabular-nums sm:text-3xl">
        {value === null ? (
          <>
            <span aria-hidden="true">—</span>
            <span className="sr-only">None yet</span>
          </>
        ) : (
          <>
            {value}
            {note ? <span className="font-sans text-sm font-normal text-muted-foreground"> {note}</span> : null}
          </>
        )}
      </dd>
    </div>
  );
}

function SavedEmpty() {
  return (
    <EmptyList
      icon={Heart}
      title="No saved properties yet"
      titleAs="h3"
      size="panel"
      className="mt-5 rounded-3xl border-border"
      action={
        <LinkButton to="/properties" icon={Building2}>
          Browse Properties
        </LinkButton>
      }
    >
      Tap the heart on any property to keep it here, with its price and details, for when you are ready to book.
    </EmptyList>
  );
}
