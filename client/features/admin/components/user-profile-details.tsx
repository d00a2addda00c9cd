import type { TAdminUserProfile } from "@common/schemas/admin";
import { formatDateTime } from "@common/utils/dates";
import { Building2, CalendarDays, CircleAlert, CircleCheck } from "lucide-react";
import type * as React from "react";
import { useId } from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Label } from "@/components/ui/label";
import { UserAvatar } from "@/components/ui/user-avatar";
import { formatInteger } from "@/lib/format";
import { fullName, initials } from "@/lib/user-names";
import { providerLabel } from "../utils/format-user";
import { FreezeUserControl } from "./freeze-user-control";
import { UserActivity } from "./user-activity";
import { RoleBadge } from "./user-badges";
import { OWN_ROLE_NOTE } from "./user-list";
import { UserRoleSelect } from "./user-role-select";

function VerifiedFlag({ verified }: { verified: boolean }) {
  return verified ? (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-success">
      <CircleCheck aria-hidden="true" className="size-3.5" />
      Verified
    </span>
  ) : (
    <span className="inline-flex items-center gap-1 text-xs font-medium text-warning">
      <CircleAlert aria-hidden="true" className="size-3.5" />
      Not verified
    </span>
  );
}

function InfoCard({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section aria-label={title} className="min-w-0 rounded-2xl border border-border bg-card p-6 shadow-soft">
      <h2 className="font-display text-xl font-medium">{title}</h2>
      <dl className="mt-4 divide-y divide-border">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium [overflow-wrap:anywhere] sm:text-right">{children}</dd>
    </div>
  );
}

const NOT_SET = <span className="font-normal text-muted-foreground">Not provided</span>;

function HoldingCount({ icon: Icon, label, value }: { icon: React.ElementType; label: string; value: number }) {
  return (
    <li className="flex items-center gap-3 rounded-2xl bg-ivory px-4 py-3">
      <Icon aria-hidden="true" className="size-5 shrink-0 text-brass-700" />
      <div>
        <p className="text-xs text-muted-foreground">{label}</p>
        <p className="font-display text-2xl font-medium tabular-nums">{formatInteger(value)}</p>
      </div>
    </li>
  );
}

function ProfileHeader({ user }: { user: TAdminUserProfile }) {
  return (
    <div className="flex flex-col gap-6 rounded-3xl border border-border bg-card p-6 shadow-lift sm:p-8 lg:flex-row lg:items-center lg:justify-between">
      <div className="flex min-w-0 flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar
          imageUrl={user.profileImageUrl}
          fallback={initials(user)}
          className="size-20 bg-ink-800 font-display text-2xl font-medium text-ivory"
        />
        <div className="min-w-0">
          <p className="eyebrow">User profile</p>
          <h1 className="mt-1 font-display text-3xl font-medium tracking-tight [overflow-wrap:anywhere] sm:text-4xl">
            {fullName(user)}
          </h1>
          <div className="mt-3 flex flex-wrap gap-2">
            <RoleBadge role={user.role} />
            {user.isApproved ? <Badge variant="success">Approved</Badge> : <Badge variant="warning">Pending</Badge>}
            {user.isFrozen ? <Badge variant="destructive">Frozen</Badge> : null}
          </div>
        </div>
      </div>
      <ul aria-label="On StayLondon" className="grid shrink-0 grid-cols-2 gap-3 lg:w-72">
        <HoldingCount icon={CalendarDays} label="Bookings" value={user.counts.bookings} />
        <HoldingCount icon={Building2} label="Listings" value={user.counts.listings} />
      </ul>
    </div>
  );
}

/** The role and whether the account may sign in, with the controls to change both (never on your own account). */
function ManageAccountCard({ user, isYou }: { user: TAdminUserProfile; isYou: boolean }) {
  const roleId = useId();
  return (
    <section aria-label="Manage account" className="rounded-2xl border border-border bg-card p-6 shadow-soft">
      <h2 className="font-display text-xl font-medium">Manage account</h2>
      <p className="mt-1 text-sm text-muted-foreground">
        A new role applies from the user's next page. Freezing signs them out everywhere and stops them signing in.
      </p>
      {isYou ? (
        <p className="mt-4 text-sm text-muted-foreground">{OWN_ROLE_NOTE}</p>
      ) : (
        <div className="mt-4 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="grid gap-2 sm:w-72">
            <Label htmlFor={roleId}>Role</Label>
            <UserRoleSelect id={roleId} user={user} />
          </div>
          <FreezeUserControl user={user} size="default" />
        </div>
      )}
      {user.isFrozen ? (
        <dl className="mt-5 divide-y divide-border border-t border-border pt-2">
          <Field label="Frozen since">{user.frozenAt ? formatDateTime(user.frozenAt) : NOT_SET}</Field>
          <Field label="Frozen by">
            {user.frozenBy !== null ? (
              <Link className="underline underline-offset-4" to={`/admin/users/${user.frozenBy}/profile`}>
                Admin #{user.frozenBy}
              </Link>
            ) : (
              NOT_SET
            )}
          </Field>
          <Field label="Reason">{user.frozenReason ?? NOT_SET}</Field>
        </dl>
      ) : null}
    </section>
  );
}

function ApprovalCard({ user }: { user: TAdminUserProfile }) {
  if (user.role !== "landlord") {
    return (
      <InfoCard title="Approval status">
        <Field label="Status">{user.isApproved ? "Approved" : "Pending"}</Field>
        <Field label="Review">Not needed: only landlords wait for an admin's approval</Field>
      </InfoCard>
    );
  }
  return (
    <InfoCard title="Approval status">
      <Field label="Status">{user.isApproved ? "Approved" : "Pending review"}</Field>
      <Field label="Approved at">{user.approvedAt ? formatDateTime(user.approvedAt) : "Not yet approved"}</Field>
      <Field label="Approved by">{user.approvedBy !== null ? `Admin #${user.approvedBy}` : "Not yet approved"}</Field>
    </InfoCard>
  );
}

/**
 * Who the user is, how they signed up, where their approval and checks stand, what
 * they have booked and listed, and what was done by or to them lately.
 */
export function UserProfileDetails({ user, isYou }: { user: TAdminUserProfile; isYou: boolean }) {
  return (
    <div className="grid gap-6">
      <ProfileHeader user={user} />
      <ManageAccountCard user={user} isYou={isYou} />
      <div className="grid gap-6 lg:grid-cols-2">
        <InfoCard title="Contact">
          <Field label="Email">
            <span className="block">{user.email}</span>
            <VerifiedFlag verified={user.emailVerified} />
          </Field>
          <Field label="Phone">
            <span className="block">{user.phoneNumber ?? NOT_SET}</span>
            {user.phoneNumber ? <VerifiedFlag verified={user.phoneVerified} /> : null}
          </Field>
        </InfoCard>
        <InfoCard title="Account">
          <Field label="Auth provider">{providerLabel(user.provider)}</Field>
          <Field label="Account created">{formatDateTime(user.createdAt)}</Field>
          <Field label="Last login">{user.lastLoginAt ? formatDateTime(user.lastLoginAt) : "Never"}</Field>
          <Field label="Last seen">{user.lastSeenAt ? formatDateTime(user.lastSeenAt) : "Never"}</Field>
          <Field label="Location">{user.location ?? NOT_SET}</Field>
          <Field label="Registration IP">{user.registrationIp ?? NOT_SET}</Field>
        </InfoCard>
        <ApprovalCard user={user} />
        <InfoCard title="Verification status">
          <Field label="Email">
            <VerifiedFlag verified={user.emailVerified} />
          </Field>
          <Field label="Phone">
            <VerifiedFlag verified={user.phoneVerified} />
          </Field>
        </InfoCard>
      </div>
      <UserActivity entries={user.activity} />
    </div>
  );
}
