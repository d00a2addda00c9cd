import type { TServiceCheck, TSystemStatus } from "@common/schemas/admin-dashboard";
import { formatDateTime } from "@common/utils/dates";
import { CircleCheck, CircleDashed, CircleX, FlaskConical, ScrollText } from "lucide-react";
import { LinkButton } from "@/components/ui/link-button";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/utils";
import { useSystemStatus } from "../api/admin-dashboard-api";
import { DashboardPanel, PanelError } from "./panel-states";

const SERVICES: { key: keyof Omit<TSystemStatus, "checkedAt">; label: string }[] = [
  { key: "database", label: "Database" },
  { key: "payments", label: "Payment System" },
  { key: "oauth", label: "OAuth Services" },
  { key: "email", label: "Email Service" },
];

/** How each state looks: working, the offline stand-in, not set up, or failing. */
const STATES: Record<TServiceCheck["state"], { icon: typeof CircleCheck; tone: string; label: string }> = {
  ok: { icon: CircleCheck, tone: "text-success", label: "Working" },
  demo: { icon: FlaskConical, tone: "text-brass-700", label: "Demo" },
  off: { icon: CircleDashed, tone: "text-muted-foreground", label: "Off" },
  down: { icon: CircleX, tone: "text-destructive", label: "Failing" },
};

function ServiceRow({ label, check }: { label: string; check: TServiceCheck }) {
  const { icon: Icon, tone, label: stateLabel } = STATES[check.state];
  return (
    <li className="flex gap-3 py-3.5 first:pt-0 last:pb-0">
      <Icon aria-hidden="true" className={cn("mt-0.5 size-5 shrink-0", tone)} />
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-baseline justify-between gap-x-3">
          <span className="font-medium">{label}</span>
          <span className={cn("text-sm font-medium", tone)}>
            <span className="sr-only">{stateLabel}: </span>
            {check.summary}
          </span>
        </p>
        <p className="mt-0.5 text-sm text-muted-foreground">{check.detail}</p>
      </div>
    </li>
  );
}

/** The System Status card: what the server found when it last checked each service, and the way to the logs. */
export function SystemStatusCard() {
  const status = useSystemStatus();
  return (
    <DashboardPanel
      title="System Status"
      description={
        status.data ? `Checked ${formatDateTime(status.data.checkedAt)}` : "Database, payments, sign-in and e-mail"
      }
      action={
        <LinkButton to="/admin/system-logs" icon={ScrollText} variant="outline" size="sm">
          View System Logs
        </LinkButton>
      }
    >
      {status.isPending ? (
        <div role="status" className="grid gap-4">
          <span className="sr-only">Checking the services…</span>
          {SERVICES.map(({ key }) => (
            <Skeleton key={key} className="h-10" />
          ))}
        </div>
      ) : status.isError ? (
        <PanelError
          message="The services could not be checked."
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
        />
      ) : (
        <ul className="divide-y divide-border">
          {SERVICES.map(({ key, label }) => (
            <ServiceRow key={key} label={label} check={status.data[key]} />
          ))}
        </ul>
      )}
    </DashboardPanel>
  );
}
