import { Link } from "react-router";
import { BrandMark } from "./brand-mark";

const EXPLORE_LINKS = [
  { to: "/properties", label: "All Properties" },
  { to: "/experiences", label: "Experiences" },
  { to: "/partnerships", label: "Partnerships" },
  { to: "/auth?tab=register", label: "Become a Host" },
] as const;

/** Spec 1 §2: the targets of these are not built yet, so they are listed as text rather than as links that go nowhere. */
const LEGAL_ITEMS = ["Privacy", "Terms", "Sitemap", "UK Modern Slavery Act", "Company details"] as const;

export function SiteFooter() {
  const year = new Date().getFullYear();
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

        <div>
          <h2 className="text-xs font-semibold tracking-[0.16em] text-brass-300 uppercase">Legal</h2>
          <ul className="mt-4 space-y-2.5 text-sm text-ivory/85">
            {LEGAL_ITEMS.map((item) => (
              <li key={item}>{item}</li>
            ))}
          </ul>
        </div>
      </div>
      <div className="border-t border-white/10">
        <p className="container-page py-6 text-xs leading-relaxed text-ivory/70">
          © {year} StayLondon Ltd. Registered in England and Wales. Premium serviced accommodation in London and across
          the UK.
        </p>
      </div>
    </footer>
  );
}
