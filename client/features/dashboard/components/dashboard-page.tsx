import type * as React from "react";
import { AccountButtons, AccountPage } from "@/components/layouts/account-page";

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
    <AccountPage
      badge={badge}
      title={`Welcome, ${name}`}
      intro={intro}
      actions={actions ?? <AccountButtons />}
      contentClassName="grid grid-cols-1 gap-8"
    >
      {children}
    </AccountPage>
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
