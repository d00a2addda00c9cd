import { Link } from "react-router";
import { registrationLine, useSiteFacts } from "@/lib/site-facts";
import { BrandMark } from "./brand-mark";

const EXPLORE_LINKS = [
  { to: "/properties", label: "All Properties" },
  { to: "/experiences", label: "Experiences" },
  { to: "/partnerships", label: "Partnerships" },
  { to: "/auth?tab=register", label: "Become a Host" },
  { to: "/contact", label: "Contact us" },
] as const;

/**
 * The legal pages. No Modern Slavery Act statement is linked: the Act asks one of businesses with a turnover of £36m or
 * more, and a link to a statement that does not exist would claim one.
 */
const LEGAL_LINKS = [
  { to: "/privacy", label: "Privacy" },
  { to: "/terms", label: "Terms" },
  { to: "/cookies", label: "Cookies" },
  { to: "/terms#company-details", label: "Company details" },
] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
  const company = useSiteFacts().data?.company;
  const registration = company ? registrationLine(company) : null;
  return (
    <footer className="mt-auto bg-ink-900 text-ivory">
      <div className="container-page grid grid-cols-2 gap-10 py-14 md:grid-cols-[1.4fr_1fr_1fr] md:gap-12">
        <div className="col-span-2 max-w-sm md:col-span-1">
          <Link to="/" className="inline-flex items-center gap-2.5 rounded-lg font-display text-xl font-semibold">
            <BrandMark className="ring-1 ring-white/15 rounded-[14px]" />
            <span>StayLondon</span>
          </Link>
          <p className="mt-4 text-sm leading-relaxed text-ivory/75">
            Premium serviced accommodation across London and the UK, from short stays to longer lets, with hosts our
            team has approved.
          </p>
        </div>

        {/* The two columns are written out: on every page's first download a shared component weighs more. */}
        <nav aria-label="Footer">
          <h2 className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">Explore</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {EXPLORE_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded text-ivory/85 underline-offset-4 transition-colors hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>

        <nav aria-label="Legal">
          <h2 className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">Legal</h2>
          <ul className="mt-4 space-y-2.5 text-sm">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <Link
                  to={link.to}
                  className="rounded text-ivory/85 underline-offset-4 transition-colors hover:text-white hover:underline"
                >
                  {link.label}
                </Link>
              </li>
            ))}
            <li>
              <a
                href="/sitemap.xml"
                className="rounded text-ivory/85 underline-offset-4 transition-colors hover:text-white hover:underline"
              >
                Sitemap
              </a>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-xs leading-relaxed text-ivory/70">
          © {year} {company?.name ?? "StayLondon"}.{registration ? ` ${registration}.` : ""}
          {company?.registeredAddress ? ` Registered office: ${company.registeredAddress}.` : ""}
        </p>
      </div>
    </footer>
  );
}
