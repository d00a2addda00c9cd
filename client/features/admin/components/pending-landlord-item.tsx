import type { TPendingLandlord } from "@common/schemas/admin";
import { formatDateTime } from "@common/utils/dates";
import { CalendarClock, CircleAlert, CircleCheck, UserRound } from "lucide-react";
import { Badge } from "@/components/ui/badge";
import { LinkButton } from "@/components/ui/link-button";
import { UserAvatar } from "@/components/ui/user-avatar";
import { fullName, initials } from "@/lib/user-names";
import { providerLabel } from "../utils/format-user";
import { ApproveLandlordButton } from "./approve-landlord-button";

/** One applicant. */
export function PendingLandlordItem({ landlord }: { landlord: TPendingLandlord }) {
  const name = fullName(landlord);
  return (
    <li
      aria-label={name}
      className="flex flex-col gap-5 rounded-2xl border border-border bg-card p-5 shadow-soft sm:flex-row sm:items-center sm:p-6"
    >
      <div className="flex min-w-0 flex-1 items-start gap-4">
        <UserAvatar
          imageUrl={landlord.profileImageUrl}
          fallback={initials(landlord)}
          className="size-12 bg-ink-800 font-display text-lg font-medium text-ivory"
        />
        <div className="min-w-0 flex-1">
          <div className="flex flex-wrap items-center gap-2">
            <h3 className="font-display text-lg font-medium">{name}</h3>
            <Badge variant="brass">{providerLabel(landlord.provider)} sign-up</Badge>
          </div>
          <p className="mt-0.5 truncate text-sm text-muted-foreground">{landlord.email}</p>
          <div className="mt-2.5 flex flex-wrap gap-x-5 gap-y-1.5 text-sm">
            <span className="inline-flex items-center gap-1.5 text-muted-foreground">
              <CalendarClock aria-hidden="true" className="size-4" />
              Applied <time dateTime={landlord.createdAt}>{formatDateTime(landlord.createdAt)}</time>
            </span>
            {landlord.emailVerified ? (
              <span className="inline-flex items-center gap-1.5 font-medium text-success">
                <CircleCheck aria-hidden="true" className="size-4" />
                Email verified
              </span>
            ) : (
              <span className="inline-flex items-center gap-1.5 font-medium text-warning">
                <CircleAlert aria-hidden="true" className="size-4" />
                Email not verified
              </span>
            )}
          </div>
        </div>
      </div>
      <div className="flex gap-2 sm:shrink-0">
        <LinkButton to={`/admin/users/${landlord.id}/profile`} icon={UserRound} size="sm" variant="outline">
          View Profile<span className="sr-only">: {name}</span>
        </LinkButton>
        <ApproveLandlordButton landlord={landlord} />
      </div>
    </li>
  );
}
