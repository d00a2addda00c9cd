import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Button } from "@/components/ui/button";

/** Static claims (spec 1 §1): 92% occupancy, 4.9 rating, an AI concierge that handles 80% of inquiries. */
const HOST_STATS = [
  { value: "92%", label: "Average occupancy" },
  { value: "4.9", label: "Average guest rating" },
  { value: "80%", label: "Of inquiries handled by our AI concierge" },
] as const;

export function HostPitch() {
  return (
    <section aria-labelledby="host-heading" className="bg-ink-800 text-ivory">
      <div className="container-page grid items-center gap-12 py-20 sm:py-24 lg:grid-cols-2 lg:gap-16">
        <div className="relative order-last lg:order-first">
          <img
            src="/images/host-interior.webp"
            alt="A bright, styled living room in a StayLondon serviced apartment"
            width={1200}
            height={900}
            loading="lazy"
            decoding="async"
            className="aspect-[4/3] w-full rounded-3xl bg-ink-700 object-cover shadow-float"
          />
          <div className="absolute -bottom-6 left-6 hidden rounded-2xl bg-ivory px-5 py-4 text-ink-800 shadow-float sm:block">
            <p className="text-xs font-semibold tracking-[0.16em] text-brass-700 uppercase">Full-service hosting</p>
            <p className="mt-1 font-display text-xl">Photography, housekeeping &amp; guest care</p>
          </div>
        </div>
        <div>
          <p className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">For landlords and owners</p>
          <h2 id="host-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-5xl">
            Become a Host
          </h2>
          <p className="mt-5 max-w-xl text-lg leading-relaxed text-ivory/80">
            List your London property with StayLondon and we take care of the rest: professional photography, vetted
            guests, housekeeping and a round-the-clock concierge.
          </p>
          <dl className="mt-10 grid grid-cols-1 gap-6 border-t border-white/15 pt-8 sm:grid-cols-3">
            {HOST_STATS.map((stat) => (
              <div key={stat.label} className="flex flex-col-reverse justify-end gap-1">
                <dt className="text-sm leading-snug text-ivory/75">{stat.label}</dt>
                <dd className="font-display text-4xl text-brass-300 tabular-nums">{stat.value}</dd>
              </div>
            ))}
          </dl>
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
