import type { TSessionUser } from "@common/schemas/auth";
import { ArrowRight, CheckCircle2, Loader2, Mail, Send, Smartphone } from "lucide-react";
import type * as React from "react";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { formatPhoneNumber } from "@/lib/format";
import { useSendEmailVerification } from "../api/email-verification";

function StatusBadge({ verified }: { verified: boolean }) {
  return verified ? (
    <Badge variant="success">
      <CheckCircle2 aria-hidden="true" />
      Verified
    </Badge>
  ) : (
    <Badge variant="warning">Not verified</Badge>
  );
}

function StatusCard({
  icon,
  title,
  value,
  verified,
  children,
}: {
  icon: React.ReactNode;
  title: string;
  value: string;
  verified: boolean;
  children: React.ReactNode;
}) {
  return (
    <section
      aria-label={title}
      className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-soft"
      data-verified={verified}
    >
      <div className="flex items-start justify-between gap-3">
        <span
          aria-hidden="true"
          className="flex size-11 items-center justify-center rounded-xl bg-brass-100 text-brass-700 [&_svg]:size-5"
        >
          {icon}
        </span>
        <StatusBadge verified={verified} />
      </div>
      <h2 className="mt-5 font-display text-xl font-medium">{title}</h2>
      <p className="mt-1 truncate text-sm font-medium">{value}</p>
      <div className="mt-3 flex flex-1 flex-col text-sm leading-relaxed text-muted-foreground">{children}</div>
    </section>
  );
}

function EmailStatusCard({ user }: { user: TSessionUser }) {
  const send = useSendEmailVerification();
  return (
    <StatusCard icon={<Mail />} title="Email verification" value={user.email} verified={user.emailVerified}>
      {user.emailVerified ? (
        <p>Your email address is confirmed.</p>
      ) : (
        <>
          <p>Verify your email to save favourites, leave reviews and contact support.</p>
          <Button className="mt-5 self-start" onClick={() => send.mutate(undefined)} disabled={send.isPending}>
            {send.isPending ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Send aria-hidden="true" />}
            Send Verification Email
          </Button>
        </>
      )}
    </StatusCard>
  );
}

function PhoneStatusCard({ user }: { user: TSessionUser }) {
  const landlord = user.role === "landlord";
  return (
    <StatusCard
      icon={<Smartphone />}
      title="Phone verification"
      value={user.phoneNumber ? formatPhoneNumber(user.phoneNumber) : "No phone number yet"}
      verified={user.phoneVerified}
    >
      {user.phoneVerified ? (
        <p>Your phone number is confirmed.</p>
      ) : (
        <>
          <p>Verify your phone to book stays{landlord ? " and list your properties" : ""}.</p>
          <LinkButton to="/phone-verification" iconAfter={ArrowRight} variant="outline" className="mt-5 self-start">
            Verify Phone Number
          </LinkButton>
        </>
      )}
    </StatusCard>
  );
}

/** An email card and a phone card, each with its status and next step. */
export function VerificationStatusCards({ user }: { user: TSessionUser }) {
  return (
    <div className="grid gap-6 md:grid-cols-2">
      <EmailStatusCard user={user} />
      <PhoneStatusCard user={user} />
    </div>
  );
}
