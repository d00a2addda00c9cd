import { Quote, Star } from "lucide-react";
import { TESTIMONIALS } from "../data/testimonials";

export function Testimonials() {
  return (
    <section aria-labelledby="testimonials-heading" className="container-page py-20 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="eyebrow">Guest stories</p>
        <h2 id="testimonials-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
          What our guests say
        </h2>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {TESTIMONIALS.map((t) => (
          <li key={t.name}>
            <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-7 shadow-soft">
              <Quote aria-hidden="true" className="size-8 text-brass-500" />
              <p className="mt-1 flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                {Array.from({ length: t.rating }, (_, i) => (
                  // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of stars
                  <Star key={i} aria-hidden="true" className="size-4 fill-brass-500 text-brass-500" />
                ))}
              </p>
              <blockquote className="mt-4 flex-1 font-display text-lg leading-relaxed text-foreground">
                “{t.quote}”
              </blockquote>
              <figcaption className="mt-6 border-t border-border pt-4 text-sm">
                <span className="block font-semibold text-foreground">{t.name}</span>
                <span className="text-muted-foreground">{t.detail}</span>
              </figcaption>
            </figure>
          </li>
        ))}
      </ul>
    </section>
  );
}
