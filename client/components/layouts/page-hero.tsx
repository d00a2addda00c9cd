import type * as React from "react";

/**
 * The dark banner that opens a marketing page: a photo under an ink gradient, an eyebrow, the page's
 * h1, an introduction, and optional actions.
 */
export function PageHero({
  image,
  eyebrow,
  title,
  children,
  actions,
}: {
  image: string;
  eyebrow: string;
  title: string;
  /** The introduction under the heading. */
  children: React.ReactNode;
  actions?: React.ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-ink-900 text-ivory">
      <img
        src={image}
        alt=""
        width={1200}
        height={800}
        fetchPriority="high"
        decoding="async"
        className="absolute inset-0 -z-10 size-full object-cover opacity-30"
      />
      <div
        aria-hidden="true"
        className="absolute inset-0 -z-10 bg-gradient-to-r from-ink-950/95 via-ink-950/75 to-ink-950/40"
      />
      <div className="container-page py-20 sm:py-28">
        <p className="text-xs font-semibold tracking-[0.2em] text-brass-300 uppercase">{eyebrow}</p>
        <h1 className="mt-4 max-w-3xl font-display text-4xl leading-[1.08] font-medium tracking-tight sm:text-6xl">
          {title}
        </h1>
        <p className="mt-5 max-w-2xl text-lg leading-relaxed text-ivory/85">{children}</p>
        {actions ? <div className="mt-8 flex flex-wrap gap-3">{actions}</div> : null}
      </div>
    </section>
  );
}
