import type * as React from "react";

/** The heading block at the top of an admin page. */
export function AdminPageHeader({
  title,
  children,
  actions,
}: {
  title: string;
  /** The introduction under the heading. */
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <header className="flex flex-col gap-5 sm:flex-row sm:items-end sm:justify-between">
      <div className="max-w-2xl">
        <p className="eyebrow">Administration</p>
        <h1 className="mt-3 font-display text-4xl font-medium tracking-tight">{title}</h1>
        <p className="mt-3 leading-relaxed text-muted-foreground">{children}</p>
      </div>
      {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
    </header>
  );
}
