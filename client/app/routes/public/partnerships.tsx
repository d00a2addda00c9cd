import { ArrowUpRight, Mail } from "lucide-react";
import { PageHero } from "@/components/layouts/page-hero";
import { Button } from "@/components/ui/button";
import {
  PARTNER_APPLY_HREF,
  PARTNER_BENEFITS,
  PARTNER_CATEGORIES,
  PARTNER_STEPS,
} from "@/features/marketing/data/partnerships";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** Four benefits, six partner categories, apply buttons, four steps. */
export function Component() {
  useDocumentTitle("Partnerships");

  return (
    <>
      <PageHero
        image="/images/experiences/private-chef-dining.webp"
        eyebrow="Partnership programme"
        title="Partner with StayLondon"
        actions={
          <>
            <Button asChild variant="accent" size="lg">
              <a href={PARTNER_APPLY_HREF}>
                <Mail aria-hidden="true" />
                Apply to partner
              </a>
            </Button>
            <Button asChild variant="outline-inverse" size="lg">
              <a href="#how-it-works">How it works</a>
            </Button>
          </>
        }
      >
        Restaurants, galleries, theatres and London's best local businesses: share your venue with guests who are here
        to enjoy the city.
      </PageHero>

      <section aria-labelledby="benefits-heading" className="container-page py-16 sm:py-20">
        <div className="max-w-2xl">
          <p className="eyebrow">Why partner with us</p>
          <h2 id="benefits-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
            Benefits for partners
          </h2>
        </div>
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {PARTNER_BENEFITS.map(({ icon: Icon, title, text }) => (
            <li key={title} className="rounded-2xl border border-border bg-card p-6 shadow-soft">
              <span className="flex size-11 items-center justify-center rounded-xl bg-brass-100 text-brass-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <h3 className="mt-5 font-display text-lg font-medium">{title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{text}</p>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="categories-heading" className="bg-sand">
        <div className="container-page py-16 sm:py-20">
          <div className="max-w-2xl">
            <p className="eyebrow">Who we work with</p>
            <h2 id="categories-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
              Partner categories
            </h2>
          </div>
          <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {PARTNER_CATEGORIES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex flex-col rounded-2xl border border-border bg-card p-6 shadow-soft">
                <Icon aria-hidden="true" className="size-7 text-brass-700" />
                <h3 className="mt-4 font-display text-xl font-medium">{title}</h3>
                <p className="mt-2 flex-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
                <Button asChild variant="outline" size="sm" className="mt-5 self-start">
                  <a href={PARTNER_APPLY_HREF}>
                    Apply now<span className="sr-only">: {title}</span>
                    <ArrowUpRight aria-hidden="true" />
                  </a>
                </Button>
              </li>
            ))}
          </ul>
        </div>
      </section>

      <section id="how-it-works" aria-labelledby="process-heading" className="container-page py-16 sm:py-20">
        <div className="max-w-2xl">
          <p className="eyebrow">How it works</p>
          <h2 id="process-heading" className="mt-3 font-display text-3xl font-medium tracking-tight sm:text-4xl">
            Four steps to your first booking
          </h2>
        </div>
        <ol className="mt-10 grid gap-6 md:grid-cols-2 lg:grid-cols-4">
          {PARTNER_STEPS.map((step, index) => (
            <li key={step.title} className="relative rounded-2xl border border-border bg-card p-6 shadow-soft">
              <span
                aria-hidden="true"
                className="flex size-10 items-center justify-center rounded-full bg-primary font-display text-lg text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-5 font-display text-lg font-medium">
                <span className="sr-only">Step {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="apply-heading" className="container-page pb-20">
        <div className="rounded-3xl bg-ink-800 p-8 text-center text-ivory shadow-lift sm:p-14">
          <h2 id="apply-heading" className="font-display text-3xl font-medium tracking-tight sm:text-4xl">
            Ready to welcome our guests?
          </h2>
          <p className="mx-auto mt-3 max-w-xl leading-relaxed text-ivory/80">
            Tell us about your business and what you would like to offer our guests: our partnerships team reads every
            application and answers by email.
          </p>
          <Button asChild variant="accent" size="lg" className="mt-8">
            <a href={PARTNER_APPLY_HREF}>
              <Mail aria-hidden="true" />
              Apply to become a partner
            </a>
          </Button>
        </div>
      </section>
    </>
  );
}
