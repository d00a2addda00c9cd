import type * as React from "react";

/**
 * A legal page: its title, when it last changed, a short summary and its sections, set for reading (one calm
 * column, headings a screen reader can jump between, a list of sections to go straight to one).
 */
export function LegalPage({
  title,
  updated,
  summary,
  sections,
}: {
  title: string;
  /** The day the text last changed, written out ("28 November 2026"). */
  updated: string;
  summary: React.ReactNode;
  sections: { id: string; heading: string; body: React.ReactNode }[];
}) {
  return (
    <article className="container-page py-12 sm:py-16">
      <header className="max-w-3xl">
        <p className="eyebrow">Last updated {updated}</p>
        <h1 className="mt-3 font-display text-4xl font-medium tracking-tight sm:text-5xl">{title}</h1>
        <div className="mt-5 text-lg leading-relaxed text-muted-foreground">{summary}</div>
      </header>
      <div className="mt-10 grid gap-10 lg:grid-cols-[15rem_minmax(0,1fr)] lg:gap-14">
        <nav aria-label="On this page" className="lg:sticky lg:top-24 lg:self-start">
          <h2 className="text-xs font-semibold tracking-[0.16em] text-brass-700 uppercase">On this page</h2>
          <ol className="mt-3 grid gap-2 text-sm">
            {sections.map((section) => (
              <li key={section.id}>
                <a
                  href={`#${section.id}`}
                  className="text-muted-foreground underline-offset-4 hover:text-foreground hover:underline"
                >
                  {section.heading}
                </a>
              </li>
            ))}
          </ol>
        </nav>
        <div className="grid max-w-3xl gap-10">
          {sections.map((section) => (
            <section
              key={section.id}
              id={section.id}
              aria-labelledby={`${section.id}-heading`}
              className="scroll-mt-24"
            >
              <h2 id={`${section.id}-heading`} className="font-display text-2xl font-medium">
                {section.heading}
              </h2>
              <div className="mt-4 grid gap-3 leading-relaxed text-foreground/90">{section.body}</div>
            </section>
          ))}
        </div>
      </div>
    </article>
  );
}

/** A plain bulleted list inside a legal section. */
export function LegalList({ items }: { items: React.ReactNode[] }) {
  return (
    <ul className="grid list-disc gap-1.5 pl-5 marker:text-brass-500">
      {items.map((item, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a fixed list written in the page
        <li key={i}>{item}</li>
      ))}
    </ul>
  );
}
