import { ClipboardCheck, Hourglass, MailCheck } from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { Button } from "@/components/ui/button";
import { LinkButton } from "@/components/ui/link-button";
import type { AuthNotice } from "../utils/auth-notices";

/** The landlord review promise on the registration notices. */
const REVIEW_PROMISE = "Our team reviews every new landlord account and will contact you within 24-48 hours.";

function YourAddress({ email }: { email: string | undefined }) {
  return email ? <strong className="font-semibold break-words text-foreground">{email}</strong> : <>your address</>;
}

const NOTICES: Record<
  AuthNotice["kind"],
  { icon: typeof MailCheck; title: string; body: (email: string | undefined) => React.ReactNode }
> = {
  "check-email": {
    icon: MailCheck,
    title: "Check your email",
    body: (email) => (
      <p>
        Please verify your email address before signing in. We sent a verification link to <YourAddress email={email} />
        : open it, then come back and sign in. It can take a few minutes to arrive; check your spam folder too.
      </p>
    ),
  },
  "under-review": {
    icon: Hourglass,
    title: "Application under review",
    body: (email) => (
      <p>
        Thank you for applying to host with StayLondon. {REVIEW_PROMISE} We'll write to <YourAddress email={email} /> as
        soon as your account is approved.
      </p>
    ),
  },
  "two-step": {
    icon: ClipboardCheck,
    title: "Registration complete",
    body: (email) => (
      <>
        <p>Your landlord account has been created. Two steps remain before you can sign in:</p>
        <ol className="mt-4 grid gap-3 text-left">
          <NoticeStep number={1} title="Verify your email">
            We sent a verification link to <YourAddress email={email} />.
          </NoticeStep>
          <NoticeStep number={2} title="Account review">
            {REVIEW_PROMISE}
          </NoticeStep>
        </ol>
      </>
    ),
  },
};

function NoticeStep({ number, title, children }: { number: number; title: string; children: React.ReactNode }) {
  return (
    <li className="flex gap-3 rounded-xl border border-border bg-background p-4">
      <span
        aria-hidden="true"
        className="flex size-7 shrink-0 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
      >
        {number}
      </span>
      <span>
        <span className="block font-semibold text-foreground">
          <span className="sr-only">Step {number}: </span>
          {title}
        </span>
        <span className="mt-0.5 block text-sm text-muted-foreground">{children}</span>
      </span>
    </li>
  );
}

/** The screen that replaces the forms when an account cannot be used yet. */
export function AuthNoticeView({ notice, onBack }: { notice: AuthNotice; onBack: () => void }) {
  const { icon: Icon, title, body } = NOTICES[notice.kind];
  const heading = useRef<HTMLHeadingElement>(null);
  // The forms vanish: move focus to the news so screen readers announce it.
  useEffect(() => heading.current?.focus(), []);
  const aboutReview = notice.kind !== "check-email";

  return (
    <div className="text-center">
      <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-brass-100 text-brass-700">
        <Icon aria-hidden="true" className="size-7" />
      </span>
      <h1
        ref={heading}
        tabIndex={-1}
        className="mt-5 font-display text-3xl font-medium tracking-tight outline-none sm:text-4xl"
      >
        {title}
      </h1>
      <div className="mt-4 leading-relaxed text-muted-foreground">{body(notice.email)}</div>
      <div className="mt-8 flex flex-col items-center gap-3">
        <Button size="lg" className="w-full sm:w-auto" onClick={onBack}>
          Back to Login
        </Button>
        {aboutReview ? (
          <LinkButton to="/landlord-pending" variant="link" className="text-sm">
            What happens during the review
          </LinkButton>
        ) : null}
      </div>
    </div>
  );
}
