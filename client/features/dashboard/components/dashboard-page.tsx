import { LogOut, UserRound } from "lucide-react";
import type * as React from "react";
import { Link } from "react-router";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";

/** The frame every role's dashboard shares: role badge, welcome, intro and the account buttons. */
export function DashboardPage({
  badge,
  name,
  intro,
  actions,
  children,
}: {
  badge: string;
  /** The greeting name: first name, else the part of the e-mail before the at-sign. */
  name: string;
  intro: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex-1 bg-sand/60">
      <header className="border-b border-border bg-card">
        <div className="container-page flex flex-col gap-6 py-10 sm:py-12 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <Badge variant="brass">{badge}</Badge>
            <h1 className="mt-4 font-display text-4xl font-medium tracking-tight break-words sm:text-5xl">
              Welcome, {name}
            </h1>
            <div className="mt-3 leading-relaxed text-muted-foreground">{intro}</div>
          </div>
          <div className="flex flex-wrap gap-2">{actions ?? <AccountButtons />}</div>
        </div>
      </header>
      <div className="container-page grid grid-cols-1 gap-8 py-10 sm:py-12">{children}</div>
    </div>
  );
}

/** Profile, and Logout by navigation to /api/logout (spec 1 §2 "Guest dashboard"). */
export function AccountButtons() {
  return (
    <>
      <Button asChild variant="outline">
        <Link to="/profile">
          <UserRound aria-hidden="true" />
          Profile
        </Link>
      </Button>
      <Button asChild variant="ghost">
        <a href="/api/logout">
          <LogOut aria-hidden="true" />
          Logout
        </a>
      </Button>
    </>
  );
}

/** A titled group of cards on a dashboard. */
export function DashboardSection({
  title,
  description,
  children,
}: {
  title: string;
  description?: string;
  children: React.ReactNode;
}) {
  const id = `section-${title.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;
  return (
    <section aria-labelledby={id}>
      <h2 id={id} className="font-display text-2xl font-medium tracking-tight">
        {title}
      </h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </section>
  );
}
