import { ROLE_LABELS, type Role } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { formatDate } from "@common/utils/dates";
import { ArrowLeft, Download, Info, LogOut } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card, CardContent, CardHeader } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/link-button";
import { PageSpinner, SignInRequired } from "@/components/ui/status-panel";
import { CloseAccountCard } from "@/features/account/components/close-account-card";
import { EditProfileDialog } from "@/features/account/components/edit-profile-dialog";
import { EmailDialog } from "@/features/account/components/email-dialog";
import { EmailPreferencesCard } from "@/features/account/components/email-preferences-card";
import { PasskeysCard } from "@/features/account/components/passkeys-card";
import { PasswordDialog } from "@/features/account/components/password-dialog";
import { PhoneDialog } from "@/features/account/components/phone-dialog";
import { ProfilePhoto } from "@/features/account/components/profile-photo";
import { SignedInDevices } from "@/features/account/components/signed-in-devices";
import { TwoFactorCard } from "@/features/account/components/two-factor-card";
import { useAuth } from "@/features/auth/api/session";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { fullName } from "@/lib/user-names";

/** The role-specific info box. */
const ROLE_INFO: Record<Role, string> = {
  guest:
    "You can browse and book verified serviced homes and save your favourites. Saving needs a verified email; booking needs both your email and your phone verified.",
  landlord:
    "You can list and manage your properties once our team has approved your account and your phone is verified.",
  property_manager: "You coordinate the properties assigned to you, their bookings and their maintenance.",
  contractor: "You take on maintenance jobs for properties on StayLondon and keep track of your schedule and earnings.",
  admin: "You manage users and roles, approve new landlords, and oversee properties and bookings across the platform.",
};

/** /profile. */
export function Component() {
  useDocumentTitle("Your profile");
  const auth = useAuth();
  if (auth.status === "loading") return <PageSpinner label="Loading your profile" />;
  if (auth.status === "anonymous") {
    return <SignInRequired title="Your profile">Please log in to view your profile.</SignInRequired>;
  }
  return <Profile user={auth.user} refresh={auth.refresh} />;
}

function Profile({ user, refresh }: { user: TSessionUser; refresh: () => Promise<unknown> }) {
  return (
    <div className="flex-1 bg-sand/60">
      <div className="container-page grid grid-cols-1 gap-8 py-10 sm:py-14">
        <ProfileHeader user={user} refresh={refresh} />
        <div className="grid grid-cols-1 items-start gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="grid content-start gap-8">
            <AccountInformation user={user} refresh={refresh} />
            <SignedInDevices />
            <EmailPreferencesCard />
            <YourData />
          </div>
          <div className="grid content-start gap-8">
            <RoleInfo role={user.role} />
            <AccountSecurity user={user} refresh={refresh} />
            <TwoFactorCard hasPassword={user.hasPassword} onChanged={refresh} />
            <PasskeysCard />
            <CloseAccountCard hasPassword={user.hasPassword} hostsHomes={user.role === "landlord"} onClosed={refresh} />
          </div>
        </div>
        <div className="flex flex-wrap gap-3">
          <LinkButton to="/dashboard" icon={ArrowLeft}>
            Back to Dashboard
          </LinkButton>
          <Button asChild variant="outline">
            <a href="/api/logout">
              <LogOut aria-hidden="true" />
              Logout
            </a>
          </Button>
        </div>
      </div>
    </div>
  );
}

function ProfileHeader({ user, refresh }: { user: TSessionUser; refresh: () => Promise<unknown> }) {
  return (
    <Card className="flex flex-col gap-6 p-6 sm:flex-row sm:items-center sm:justify-between sm:p-8">
      <div className="flex min-w-0 items-center gap-5">
        <ProfilePhoto user={user} onSaved={refresh} />
        <div className="min-w-0">
          <p className="eyebrow">Your profile</p>
          <h1 className="mt-1 font-display text-3xl font-medium tracking-tight break-words sm:text-4xl">
            {fullName(user)}
          </h1>
          <p className="mt-1 break-words text-muted-foreground">{user.email}</p>
          <Badge variant="brass" className="mt-3">
            {ROLE_LABELS[user.role]}
          </Badge>
        </div>
      </div>
      <EditProfileDialog user={user} onSaved={refresh} />
    </Card>
  );
}

function VerifiedBadge({ verified }: { verified: boolean }) {
  return <Badge variant={verified ? "success" : "warning"}>{verified ? "Verified" : "Unverified"}</Badge>;
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="grid gap-1 py-4 sm:grid-cols-[10rem_minmax(0,1fr)] sm:gap-4">
      <dt className="text-sm text-muted-foreground">{label}</dt>
      <dd className="flex min-w-0 flex-wrap items-center gap-2 font-medium">{children}</dd>
    </div>
  );
}

function AccountInformation({ user, refresh }: { user: TSessionUser; refresh: () => Promise<unknown> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Account information</h2>
      </CardHeader>
      <CardContent>
        <dl className="divide-y divide-border border-y border-border">
          <InfoRow label="Email">
            <span className="min-w-0 break-words">{user.email}</span>
            <VerifiedBadge verified={user.emailVerified} />
          </InfoRow>
          <InfoRow label="Phone">
            <span>{user.phoneNumber ?? "Not added"}</span>
            <VerifiedBadge verified={user.phoneVerified} />
            <span className="sm:ml-auto">
              <PhoneDialog phoneNumber={user.phoneNumber} phoneVerified={user.phoneVerified} onSaved={refresh} />
            </span>
          </InfoRow>
          <InfoRow label="Role">{ROLE_LABELS[user.role]}</InfoRow>
          <InfoRow label="Member since">{formatDate(user.createdAt)}</InfoRow>
        </dl>
        <LinkButton to="/verification-status" variant="link" className="mt-5 text-sm">
          Manage email and phone verification
        </LinkButton>
      </CardContent>
    </Card>
  );
}

function RoleInfo({ role }: { role: Role }) {
  return (
    <section
      aria-labelledby="role-info-heading"
      className="flex gap-4 rounded-2xl border border-brass-300 bg-brass-100/60 p-6"
    >
      <Info aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
      <div>
        <h2 id="role-info-heading" className="font-semibold">
          As a {ROLE_LABELS[role]}
        </h2>
        <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{ROLE_INFO[role]}</p>
      </div>
    </section>
  );
}

/** What keeps the account safe: its password and its address. */
function AccountSecurity({ user, refresh }: { user: TSessionUser; refresh: () => Promise<unknown> }) {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Sign-in and security</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">
          {user.hasPassword
            ? "You sign in with your email address and password."
            : `You sign in with ${user.provider === "apple" ? "Apple" : "Google"}; you can add a password too.`}
        </p>
        <div className="flex flex-wrap gap-3">
          <PasswordDialog hasPassword={user.hasPassword} onSaved={refresh} />
          <EmailDialog currentEmail={user.email} hasPassword={user.hasPassword} />
        </div>
      </CardContent>
    </Card>
  );
}

/** UK GDPR's right of access, in one click: the server sends everything held about the person as a file. */
function YourData() {
  return (
    <Card>
      <CardHeader>
        <h2 className="font-display text-xl font-medium leading-tight">Your data</h2>
      </CardHeader>
      <CardContent className="grid gap-4">
        <p className="text-sm leading-relaxed text-muted-foreground">
          A copy of everything we hold about you: your account, bookings, payments, reviews, saved homes, messages,
          support requests and sign-in history, as one file. See the{" "}
          <Link to="/privacy" className="font-medium text-foreground underline underline-offset-4">
            privacy notice
          </Link>{" "}
          for how we use it.
        </p>
        <Button asChild variant="outline">
          <a href="/api/account/export" download>
            <Download aria-hidden="true" />
            Download my data
          </a>
        </Button>
      </CardContent>
    </Card>
  );
}
