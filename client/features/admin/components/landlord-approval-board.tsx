import { REVIEW_TIME_DAYS } from "@common/schemas/admin";
import { useQuery } from "@tanstack/react-query";
import { CircleAlert, CircleCheckBig, Clock3, RotateCw, UserCheck, Users } from "lucide-react";
import type * as React from "react";
import { Alert, AlertDescription, AlertTitle } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { SkeletonRows } from "@/components/ui/skeleton-rows";
import { approvalFiguresQueryOptions, pendingLandlordsQueryOptions } from "../api/landlord-approval";
import { PendingLandlordItem } from "./pending-landlord-item";

function StatCard({
  icon,
  label,
  value,
  hint,
}: {
  icon: React.ReactNode;
  label: string;
  value: React.ReactNode;
  hint?: string;
}) {
  return (
    <li className="flex items-center gap-4 rounded-2xl border border-border bg-card p-3.5 shadow-soft sm:p-5">
      <span
        aria-hidden="true"
        className="hidden size-11 shrink-0 items-center justify-center rounded-xl bg-brass-100 text-brass-700 sm:flex [&_svg]:size-5"
      >
        {icon}
      </span>
      <div>
        <p className="text-xs leading-snug text-muted-foreground sm:text-sm">{label}</p>
        <p className="mt-1 font-display text-xl font-medium sm:mt-0 sm:text-2xl">{value}</p>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
      </div>
    </li>
  );
}

/** The pending count, then two fixed figures. */
/** "18h", "2.5 days": how long a landlord waited for a review; "None yet" when nobody was approved lately. */
function formatReviewTime(hours: number | null): string {
  if (hours === null) return "None yet";
  if (hours < 1) return "< 1h";
  if (hours < 48) return `${Math.round(hours)}h`;
  return `${new Intl.NumberFormat("en-GB", { maximumFractionDigits: 1 }).format(hours / 24)} days`;
}

const LOADING = <Skeleton className="mt-1 h-7 w-10" />;

/** The pending count, then what the approvals themselves say: approved today, and the recent average wait. */
function ApprovalStats({ pendingCount }: { pendingCount: number | null }) {
  const figures = useQuery(approvalFiguresQueryOptions);
  const unknown = figures.isError ? "—" : LOADING;
  return (
    <ul aria-label="Approval figures" className="grid grid-cols-3 gap-3 sm:gap-4">
      <StatCard icon={<Users />} label="Pending Applications" value={pendingCount ?? LOADING} />
      <StatCard icon={<UserCheck />} label="Approved Today" value={figures.data?.approvedToday ?? unknown} />
      <StatCard
        icon={<Clock3 />}
        label="Average Review Time"
        hint={`Last ${REVIEW_TIME_DAYS} days`}
        value={figures.data ? formatReviewTime(figures.data.averageReviewHours) : unknown}
      />
    </ul>
  );
}

function ListSkeleton() {
  return (
    <ul aria-hidden="true" className="grid grid-cols-1 gap-4">
      <SkeletonRows
        count={3}
        as="li"
        className="flex items-center gap-4 rounded-2xl border border-border bg-card p-6"
        lead="size-12 rounded-full"
        lines={["h-5 w-48", "h-4 w-64"]}
        linesClassName="grid flex-1 gap-2"
      />
    </ul>
  );
}

function NobodyWaiting() {
  return (
    <div className="flex flex-col items-center rounded-2xl border border-dashed border-border bg-card/60 px-6 py-14 text-center">
      <CircleCheckBig aria-hidden="true" className="size-10 text-success" />
      <h3 className="mt-4 font-display text-xl font-medium">No pending applications</h3>
      <p className="mt-2 max-w-sm text-sm text-muted-foreground">
        Every landlord who has applied has been reviewed. New applications will appear here.
      </p>
    </div>
  );
}

/** The approval queue: figures, then every landlord waiting for an admin. */
export function LandlordApprovalBoard() {
  const pending = useQuery(pendingLandlordsQueryOptions);

  return (
    <div className="grid grid-cols-1 gap-10">
      <ApprovalStats pendingCount={pending.data ? pending.data.length : pending.isError ? 0 : null} />
      <section aria-labelledby="applications-heading" className="grid grid-cols-1 gap-4">
        <h2 id="applications-heading" className="font-display text-2xl font-medium">
          Applications
        </h2>
        {pending.isPending ? (
          <ListSkeleton />
        ) : pending.isError ? (
          <Alert variant="destructive">
            <CircleAlert aria-hidden="true" />
            <AlertTitle>Could not load the applications</AlertTitle>
            <AlertDescription>
              <Button variant="outline" size="sm" className="mt-2" onClick={() => void pending.refetch()}>
                <RotateCw aria-hidden="true" />
                Try again
              </Button>
            </AlertDescription>
          </Alert>
        ) : pending.data.length === 0 ? (
          <NobodyWaiting />
        ) : (
          <ul aria-labelledby="applications-heading" className="grid grid-cols-1 gap-4">
            {pending.data.map((landlord) => (
              <PendingLandlordItem key={landlord.id} landlord={landlord} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
