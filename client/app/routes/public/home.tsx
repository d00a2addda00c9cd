import { BadgeCheck, CalendarRange, MessageCircle } from "lucide-react";
import { type LoaderFunctionArgs, redirect } from "react-router";
import { FeaturedPropertiesIsland } from "@/app/islands/featured-properties.island";
import { pageDataOf, startOrWait } from "@/app/page-data";
import { currentUserQueryOptions } from "@/features/auth/api/session";
import { HomeAuthIsland } from "@/features/auth/components/home-auth.island";
import { siteHighlightsQueryOptions } from "@/features/marketing/api/site-highlights";
import { HostPitch } from "@/features/marketing/components/host-pitch";
import { Testimonials } from "@/features/marketing/components/testimonials";
import { propertiesQueryOptions } from "@/features/properties/public/api/get-properties";
import { FEATURED_COUNT } from "@/features/properties/public/components/featured-properties";
import { BudgetSearchIsland } from "@/features/search/components/budget-search.island";
import { HeroSearchIsland } from "@/features/search/components/hero-search.island";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { HERO_IMAGE } from "@/lib/site-images";

/** What every listing here has in common: each is a rule the product enforces, not a promise of a service. */
const PROMISES = [
  { icon: BadgeCheck, title: "Hosts approved by our team", text: "Every landlord is reviewed before they can list." },
  { icon: CalendarRange, title: "Stays of any length", text: "A long weekend, a secondment or a season." },
  { icon: MessageCircle, title: "Ask before you book", text: "Message the host from any listing." },
] as const;

/**
 * The featured listings. A signed-in visitor goes on to their dashboard; one coming back from a social
 * sign-in (?auth=…) stays, as the page completes that sign-in first.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const pageData = pageDataOf(context);
  const { queryClient } = pageData;
  await startOrWait(pageData, [
    queryClient.prefetchQuery(propertiesQueryOptions({}, FEATURED_COUNT)),
    queryClient.prefetchQuery(siteHighlightsQueryOptions),
  ]);
  if (pageData.waitForData && !new URL(request.url).searchParams.has("auth")) {
    const user = await queryClient.ensureQueryData(currentUserQueryOptions).catch(() => null);
    if (user) throw redirect("/dashboard");
  }
  return null;
}

export function Component() {
  useDocumentTitle("StayLondon · Premium serviced accommodation in London");

  return (
    <>
      <HomeAuthIsland />
      <section aria-labelledby="hero-heading" className="relative isolate overflow-hidden bg-ink-900">
        <img
          src={HERO_IMAGE.src}
          srcSet={HERO_IMAGE.srcSet}
          sizes={HERO_IMAGE.sizes}
          alt=""
          width={HERO_IMAGE.width}
          height={HERO_IMAGE.height}
          fetchPriority="high"
          decoding="async"
          className="absolute inset-0 -z-10 size-full object-cover"
        />
        <div
          aria-hidden="true"
          className="absolute inset-0 -z-10 bg-gradient-to-b from-ink-950/75 via-ink-950/45 to-ink-950/80"
        />
        {/* On a phone the finished hero is taller than its least height, so it starts at the top: centring it would
            move the heading while a slow phone is still reading the form below it. */}
        <div className="container-page flex min-h-[36rem] flex-col justify-start py-16 sm:min-h-[40rem] sm:justify-center sm:py-24 lg:min-h-[44rem]">
          <div className="max-w-3xl">
            {/* Tracked less on a phone so the line fits in the stand-in font too and does not re-wrap when Inter arrives. */}
            <p className="text-xs font-semibold tracking-[0.14em] text-brass-300 uppercase sm:tracking-[0.2em]">
              Serviced apartments &amp; homes · London
            </p>
            <h1
              id="hero-heading"
              className="mt-4 font-display text-[2.6rem] leading-[1.05] font-medium tracking-tight text-white sm:text-6xl lg:text-7xl"
            >
              Find Your Perfect London Stay
            </h1>
            <p className="mt-5 max-w-xl text-lg leading-relaxed text-white/90 sm:text-xl">
              Premium serviced accommodations across London's best locations.
            </p>
          </div>
          <HeroSearchIsland className="mt-10 max-w-5xl" />
        </div>
      </section>

      <section aria-label="Why StayLondon" className="border-b border-border bg-card">
        <ul className="container-page grid gap-6 py-8 sm:grid-cols-3">
          {PROMISES.map(({ icon: Icon, title, text }) => (
            <li key={title} className="flex items-start gap-3.5">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-full bg-brass-100 text-brass-700">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <span>
                <span className="block font-semibold text-foreground">{title}</span>
                <span className="block text-sm text-muted-foreground">{text}</span>
              </span>
            </li>
          ))}
        </ul>
      </section>

      <FeaturedPropertiesIsland />

      <section aria-labelledby="budget-heading" className="bg-sand">
        <div className="container-page py-16 sm:py-20">
          <div className="rounded-3xl border border-border bg-card p-6 shadow-soft sm:p-10">
            <div className="max-w-2xl">
              <p className="eyebrow">Plan around your budget</p>
              <h2 id="budget-heading" className="mt-3 font-display text-3xl font-medium tracking-tight">
                Search by city and budget
              </h2>
              <p className="mt-2 text-muted-foreground">
                Tell us the area and the most you'd like to spend per night. Slide to the end for no limit.
              </p>
            </div>
            <div className="mt-8">
              <BudgetSearchIsland />
            </div>
          </div>
        </div>
      </section>

      <HostPitch />
      <Testimonials />
    </>
  );
}
