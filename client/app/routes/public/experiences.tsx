import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { PageHero } from "@/components/layouts/page-hero";
import { Button } from "@/components/ui/button";
import { ExperienceListIsland } from "@/features/marketing/components/experience-list.island";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** Six curated experiences and a partner call to action. */
export function Component() {
  useDocumentTitle("Experiences");

  return (
    <>
      <PageHero
        image="/images/experiences/west-end-theatre-night.webp"
        eyebrow="Ideas for your stay"
        title="London Experiences"
      >
        Theatre, dining, art and the river: six London experiences our team recommends to guests.
      </PageHero>

      <section aria-labelledby="experiences-heading" className="container-page py-16 sm:py-20">
        <ExperienceListIsland headingId="experiences-heading" />
        <p className="mt-8 text-sm text-muted-foreground">
          Prices are a guide, per person. We do not sell these experiences: book them with the venue.
        </p>
      </section>

      <section aria-labelledby="partner-cta-heading" className="container-page pb-20">
        <div className="grid items-center gap-8 overflow-hidden rounded-3xl bg-ink-800 p-8 text-ivory shadow-lift sm:p-12 md:grid-cols-[1.4fr_auto]">
          <div>
            <p className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">For venues and hosts</p>
            <h2 id="partner-cta-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
              Run a restaurant, gallery or theatre?
            </h2>
            <p className="mt-3 max-w-xl leading-relaxed text-ivory/80">
              Partner with StayLondon and welcome guests from London's finest serviced homes.
            </p>
          </div>
          <Button asChild variant="accent" size="lg">
            <Link to="/partnerships">
              Become a partner
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
        </div>
      </section>
    </>
  );
}
