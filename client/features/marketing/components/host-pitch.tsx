import type { TSiteHighlights } from "@common/schemas/site-highlights";
import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";
import { formatInteger, formatRating } from "@/lib/format";
import { useSiteHighlights } from "../api/site-highlights";

/**
 * The platform's own figures, each from the data (GET /api/site/highlights); one the server withholds (too small a
 * sample) is left out rather than replaced with a number nobody measured.
 */
function hostFigures(hosting: TSiteHighlights["hosting"] | undefined) {
  if (!hosting) return [];
  return [
    ...(hosting.activeListings > 0
      ? [{ value: formatInteger(hosting.activeListings), label: "Homes listed with us today" }]
      : []),
    ...(hosting.occupancy
      ? [
          {
            value: `${hosting.occupancy.percent}%`,
            label: `Of the nights our homes were open, booked over the last ${hosting.occupancy.days} days`,
          },
        ]
      : []),
    ...(hosting.rating
      ? [
          {
            value: formatRating(hosting.rating.average),
            label: `Average guest rating, from ${formatInteger(hosting.rating.reviews)} reviews`,
          },
        ]
      : []),
  ];
}

export function HostPitch() {
  const highlights = useSiteHighlights();
  const figures = hostFigures(highlights.data?.hosting);
  return (
    <section aria-labelledby="host-heading" className="bg-ink-800 text-ivory">
      <div className="container-page grid items-center gap-12 py-20 sm:py-24 lg:grid-cols-2 lg:gap-16">
        <div className="relative order-last lg:order-first">
          <img
            src="/images/host-interior.webp"
            alt="A bright, styled living room in a serviced apartment"
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-3xl bg-ink-700 object-cover shadow-float"
          />
          <div className="absolute -bottom-6 left-6 hidden rounded-2xl bg-ivory px-5 py-4 text-ink-800 shadow-float sm:block">
            <p className="text-xs font-semibold tracking-[0.16em] text-brass-700 uppercase">Approved hosts only</p>
            <p className="mt-1 font-display text-xl">Every landlord is reviewed by our team</p>
          </div>
        </div>
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">For landlords and owners</p>
          <h2 id="host-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-5xl">
            Become a Host
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-ivory/80">
            List your property for short stays or longer lets, set your prices and house rules, and keep your calendar
            in step with the other sites you use. Follow bookings, revenue and occupancy in one place, send repairs to
            the contractors you choose, and hand the day-to-day to a property manager when you want to.
          </p>
          {figures.length > 0 ? (
            <dl className="mt-10 grid grid-cols-1 gap-6 border-t border-white/15 pt-8 sm:grid-cols-3">
              {figures.map((figure) => (
                <div key={figure.label} className="flex flex-col-reverse justify-end gap-1">
                  <dt className="text-sm leading-snug text-ivory/75">{figure.label}</dt>
                  <dd className="font-display text-4xl text-brass-300 tabular-nums">{figure.value}</dd>
                </div>
              ))}
            </dl>
          ) : null}
          <Button asChild variant="accent" size="lg" className="mt-10">
            <Link to="/auth?tab=register">
              Start Hosting
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </div>
    </section>
  );
}
