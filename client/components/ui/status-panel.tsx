import { cva, type VariantProps } from "class-variance-authority";
import { LogIn, UserRound } from "lucide-react";
import type * as React from "react";
import { Link, useLocation } from "react-router";
import { Button } from "@/components/ui/button";
import { signInPath } from "@/lib/return-path";
import { cn } from "@/lib/utils";

const iconVariants = cva("flex size-14 items-center justify-center rounded-full [&_svg]:size-7", {
  variants: {
    tone: {
      neutral: "bg-brass-100 text-brass-700",
      success: "bg-success-soft text-success",
      warning: "bg-warning-soft text-warning",
      danger: "bg-destructive-soft text-destructive",
    },
  },
  defaultVariants: { tone: "neutral" },
});

/**
 * One centred card that tells the visitor where they stand (verified, expired, signed out, not found…) and
 * what to do next. The title is the page's h1 because these panels stand in for the whole page.
 */
export function StatusPanel({
  icon,
  tone,
  title,
  badge,
  children,
  actions,
  className,
}: VariantProps<typeof iconVariants> & {
  icon: React.ReactNode;
  title: string;
  badge?: React.ReactNode;
  /** The explanation under the title. */
  children?: React.ReactNode;
  actions?: React.ReactNode;
  className?: string;
}) {
  return (
    <section className={cn("container-page flex flex-1 items-center justify-center py-14 sm:py-20", className)}>
      <div className="w-full max-w-lg rounded-3xl border border-border bg-card p-7 text-center shadow-lift sm:p-10">
        <span className={cn(iconVariants({ tone }), "mx-auto")} aria-hidden="true">
          {icon}
        </span>
        {badge ? <div className="mt-5 flex justify-center">{badge}</div> : null}
        <h1 className="mt-4 font-display text-3xl font-medium tracking-tight sm:text-4xl">{title}</h1>
        {children ? <div className="mt-3 leading-relaxed text-muted-foreground">{children}</div> : null}
        {actions ? (
          <div className="mt-7 flex flex-col justify-center gap-3 sm:flex-row sm:flex-wrap">{actions}</div>
        ) : null}
      </div>
    </section>
  );
}

/** For a signed-out visitor on a page that needs an account: says why, and offers Sign In. */
export function SignInRequired({
  title,
  icon = <UserRound />,
  tone,
  otherAction,
  children,
}: VariantProps<typeof iconVariants> & {
  title: string;
  icon?: React.ReactNode;
  /** A second button after Sign In. */
  otherAction?: React.ReactNode;
  children: React.ReactNode;
}) {
  // Signing in from here comes back here.
  const location = useLocation();
  return (
    <StatusPanel
      icon={icon}
      tone={tone}
      title={title}
      actions={
        <>
          <Button asChild size="lg">
            <Link to={signInPath(`${location.pathname}${location.search}`)}>
              <LogIn aria-hidden="true" />
              Sign In
            </Link>
          </Button>
          {otherAction}
        </>
      }
    >
      <p>{children}</p>
    </StatusPanel>
  );
}

/** A spinner with a screen-reader label, for a page or a panel that is still loading. */
export function LoadingSpinner({ label = "Loading…", className }: { label?: string; className?: string }) {
  return (
    <div role="status" className={cn("flex items-center justify-center", className)}>
      <span className="sr-only">{label}</span>
      <span
        aria-hidden="true"
        className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
      />
    </div>
  );
}

/** The whole page is waiting (for the signed-in user, say). */
export function PageSpinner({ label }: { label?: string }) {
  return <LoadingSpinner label={label} className="container-page flex-1 py-24" />;
}
