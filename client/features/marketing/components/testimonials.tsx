import { formatMonthYear } from "@common/utils/dates";
import { Quote, Star } from "lucide-react";
import { useSiteHighlights } from "../api/site-highlights";

/** The words of real guests: recent public reviews of four or five stars. No reviews, no section. */
export function Testimonials() {
  const testimonials = useSiteHighlights().data?.testimonials ?? [];
  if (testimonials.length === 0) return null;
  return (
    <section aria-labelledby="testimonials-heading" className="container-page py-20 sm:py-24">
      <div className="mx-auto max-w-2xl text-center">
        <p className="eyebrow">From our guests' reviews</p>
        <h2 id="testimonials-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
          What our guests say
        </h2>
      </div>
      <ul className="mt-12 grid gap-6 md:grid-cols-3">
        {testimonials.map((t) => {
          const stayed = formatMonthYear(t.stayedIn ?? "");
          return (
            <li key={t.id}>
              <figure className="flex h-full flex-col rounded-2xl border border-border bg-card p-7 shadow-soft">
                <Quote aria-hidden="true" className="size-8 text-brass-500" />
                <p className="mt-1 flex gap-0.5" role="img" aria-label={`Rated ${t.rating} out of 5`}>
                  {Array.from({ length: t.rating }, (_, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: fixed list of stars
                    <Star key={i} aria-hidden="true" className="size-4 fill-brass-500 text-brass-500" />
                  ))}
                </p>
                <blockquote className="mt-4 flex-1 font-display text-lg leading-relaxed text-foreground">
                  “{t.comment}”
                </blockquote>
                <figcaption className="mt-6 border-t border-border pt-4 text-sm">
                  <span className="block font-semibold text-foreground">{t.guestName}</span>
                  <span className="text-muted-foreground">
                    Stayed in {t.city}
                    {stayed ? `, ${stayed}` : ""}
                  </span>
                </figcaption>
              </figure>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
