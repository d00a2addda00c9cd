import { ROLE_LABELS } from "@common/domain/roles";
import type { TAdminUserProfile } from "@common/schemas/admin";
import { CircleAlert, CircleCheck } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { UserAvatar } from "@/components/ui/user-avatar";
import { formatDateTime } from "@/lib/format";
import { fullName, initials } from "@/lib/user-names";
import { providerLabel } from "../utils/format-user";

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
    <section aria-label={title} className="rounded-2xl border border-border bg-card p-6 shadow-soft">
      <h2 className="font-display text-xl font-medium">{title}</h2>
      <dl className="mt-4 divide-y divide-border">{children}</dl>
    </section>
  );
}

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-1 py-3 first:pt-0 last:pb-0 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="min-w-0 text-sm font-medium break-words sm:text-right">{children}</dd>
    </div>
  );
}

const NOT_SET = <span className="font-normal text-muted-foreground">Not provided</span>;

function ProfileHeader({ user }: { user: TAdminUserProfile }) {
  return (
    <div className="flex flex-col gap-5 rounded-3xl border border-border bg-card p-6 shadow-lift sm:flex-row sm:items-center sm:p-8">
      <UserAvatar
        imageUrl={user.profileImageUrl}
        fallback={initials(user)}
        className="size-20 bg-ink-800 font-display text-2xl font-medium text-ivory"
      />
      <div className="min-w-0">
        <p className="eyebrow">User profile</p>
        <h1 className="mt-1 font-display text-3xl font-medium tracking-tight sm:text-4xl">{fullName(user)}</h1>
        <div className="mt-3 flex flex-wrap gap-2">
          <Badge variant="secondary">{ROLE_LABELS[user.role]}</Badge>
          {user.isApproved ? <Badge variant="success">Approved</Badge> : <Badge variant="warning">Pending</Badge>}
          {user.isFrozen ? <Badge variant="destructive">Frozen</Badge> : null}
        </div>
      </div>
    </div>
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

/** Spec 2 "Admin User Profile": who the user is, how they signed up, and where their approval and checks stand. */
export function UserProfileDetails({ user }: { user: TAdminUserProfile }) {
  return (
    <div className="grid gap-6">
      <ProfileHeader user={user} />
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
    </div>
  );
}
