import {
  ArrowRight,
  Building2,
  CircleAlert,
  LogIn,
  MailWarning,
  Search,
  ShieldCheck,
  Smartphone,
  Wrench,
} from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import { SignInRequired, StatusPanel } from "@/components/ui/status-panel";

/** Whole-page answers the wizard gives instead of its steps. */

export function PropertyNotFoundPanel() {
  return (
    <StatusPanel
      icon={<Search />}
      title="Property Not Found"
      actions={
        <>
          <Button asChild size="lg">
            <Link to="/properties">Browse Properties</Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to="/dashboard">Go to Dashboard</Link>
          </Button>
        </>
      }
    >
      <p>The property you're trying to book doesn't exist.</p>
    </StatusPanel>
  );
}

export function SignInToBookPanel({ propertyTitle }: { propertyTitle: string }) {
  return (
    <SignInRequired
      icon={<LogIn />}
      title="Sign in to book"
      otherAction={
        <Button asChild size="lg" variant="outline">
          <Link to="/auth?tab=register">Create an account</Link>
        </Button>
      }
    >
      You need a StayLondon account to book <span className="font-medium text-foreground">{propertyTitle}</span>. Sign
      in, or create a free account, then come back to this page.
    </SignInRequired>
  );
}

/**
 * Booking needs a verified e-mail and phone (the server's feature access rule). Says which is missing and links to
 * the page that fixes it (the same pages the server's 403 names).
 */
export function VerifyToBookPanel({
  emailVerified,
  phoneVerified,
}: {
  emailVerified: boolean;
  phoneVerified: boolean;
}) {
  const emailFirst = !emailVerified;
  return (
    <StatusPanel
      icon={<ShieldCheck />}
      tone="warning"
      title="Verify your account to book"
      actions={
        emailFirst ? (
          <LinkButton to="/verification-status" icon={MailWarning} size="lg">
            Verify email address
          </LinkButton>
        ) : (
          <LinkButton to="/phone-verification" icon={Smartphone} size="lg">
            Verify phone number
          </LinkButton>
        )
      }
    >
      <p>To keep stays safe for guests and hosts, booking needs a verified email address and phone number.</p>
      <ul className="mt-4 grid gap-2 text-left text-sm">
        <VerificationLine done={emailVerified} label="Email address" />
        <VerificationLine done={phoneVerified} label="Phone number" />
      </ul>
    </StatusPanel>
  );
}

function VerificationLine({ done, label }: { done: boolean; label: string }) {
  return (
    <li className="flex items-center justify-between gap-3 rounded-xl border border-border px-4 py-2.5">
      <span className="font-medium text-foreground">{label}</span>
      <span className={done ? "text-success" : "font-semibold text-warning"}>
        {done ? "Verified" : "Not verified yet"}
      </span>
    </li>
  );
}

export function UnderMaintenancePanel({ propertyTitle }: { propertyTitle: string }) {
  return (
    <StatusPanel
      icon={<Wrench />}
      tone="warning"
      title="Under Maintenance"
      actions={
        <Button asChild size="lg">
          <Link to="/properties">
            Browse other properties
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      }
    >
      <p>{propertyTitle} is temporarily unavailable for booking while work is carried out.</p>
    </StatusPanel>
  );
}

export function LoadErrorPanel({ title, onRetry }: { title: string; onRetry: () => void }) {
  return (
    <StatusPanel
      icon={<CircleAlert />}
      tone="danger"
      title={title}
      actions={
        <Button size="lg" onClick={onRetry}>
          Retry
        </Button>
      }
    >
      <p>Please try again later.</p>
    </StatusPanel>
  );
}

export function BookingNotFoundPanel() {
  return (
    <StatusPanel
      icon={<Building2 />}
      title="Booking not found"
      actions={
        <Button asChild size="lg">
          <Link to="/bookings">Go to My Bookings</Link>
        </Button>
      }
    >
      <p>We couldn't find this booking among yours.</p>
    </StatusPanel>
  );
}
