import type * as React from "react";

/** The centred card that holds a verification form: an icon, a step label, the page's h1, an intro, the form. */
export function VerificationCard({
  icon,
  eyebrow,
  title,
  description,
  children,
}: {
  icon: React.ReactNode;
  eyebrow: string;
  title: string;
  description: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <section className="container-page flex flex-1 items-center justify-center py-12 sm:py-20">
      <div className="w-full max-w-md rounded-3xl border border-border bg-card p-6 shadow-lift sm:p-9">
        <span
          aria-hidden="true"
          className="flex size-12 items-center justify-center rounded-2xl bg-brass-100 text-brass-700 [&_svg]:size-6"
        >
          {icon}
        </span>
        <p className="eyebrow mt-6">{eyebrow}</p>
        <h1 className="mt-2 font-display text-3xl font-medium tracking-tight">{title}</h1>
        <div className="mt-3 leading-relaxed text-muted-foreground">{description}</div>
        <div className="mt-7">{children}</div>
      </div>
    </section>
  );
}
