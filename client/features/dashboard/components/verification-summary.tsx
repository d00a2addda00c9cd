import type { TSessionUser } from "@common/schemas/auth";
import { CircleCheck, CircleDashed, ShieldAlert } from "lucide-react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

/** What each verification step unlocks, in a sentence per step. */
const UNLOCKS = {
  email: "Needed to save favourites, leave reviews and contact support.",
  phone: "Needed, with a verified email, to book a stay or list a property.",
} as const;

function StepRow({ label, done, unlocks }: { label: string; done: boolean; unlocks: string }) {
  return (
    <li className="flex items-start gap-3">
      {done ? (
        <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-success" />
      ) : (
        <CircleDashed aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-warning" />
      )}
      <span>
        <span className="flex flex-wrap items-center gap-2 font-medium">
          {label}
          <Badge variant={done ? "success" : "warning"}>{done ? "Verified" : "Unverified"}</Badge>
        </span>
        {done ? null : <span className="mt-0.5 block text-sm text-muted-foreground">{unlocks}</span>}
      </span>
    </li>
  );
}

/** A reminder that shows only while the email or the phone is unverified, with the way to fix it. */
export function VerificationReminder({ user }: { user: Pick<TSessionUser, "emailVerified" | "phoneVerified"> }) {
  if (user.emailVerified && user.phoneVerified) return null;
  return (
    <section
      aria-labelledby="verification-reminder-heading"
      className="rounded-2xl border border-warning/30 bg-warning-soft/70 p-6"
    >
      <div className="flex flex-col gap-5 md:flex-row md:items-start md:justify-between">
        <div className="flex gap-4">
          <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-card text-warning">
            <ShieldAlert aria-hidden="true" className="size-5" />
          </span>
          <div>
            <h2 id="verification-reminder-heading" className="font-display text-xl font-medium">
              Finish verifying your account
            </h2>
            <ul className="mt-4 grid gap-3">
              <StepRow label="Email" done={user.emailVerified} unlocks={UNLOCKS.email} />
              <StepRow label="Phone" done={user.phoneVerified} unlocks={UNLOCKS.phone} />
            </ul>
          </div>
        </div>
        <Button asChild className="self-start">
          <Link to="/verification-status">Verify now</Link>
        </Button>
      </div>
    </section>
  );
}
