import type { TSessionUser } from "@common/schemas/auth";
import { Menu, X } from "lucide-react";
import type * as React from "react";
import { useEffect, useId, useState } from "react";
import { BrandMark } from "@/components/layouts/brand-mark";
import { Button } from "@/components/ui/button";
import { SiteLink } from "@/components/ui/site-link";
import type { AuthState } from "@/features/auth/api/session";
import { isCurrentPage } from "@/lib/client-navigation";
import { cn } from "@/lib/utils";

const OTHER_LINKS = [
  { to: "/experiences", label: "Experiences", end: false },
  { to: "/partnerships", label: "Partnerships", end: false },
] as const;

/**
 * The top navigation bar. Browse Properties leads to the home page's search for visitors; once signed in the home
 * page sends people to their dashboard, so it leads to the listings instead.
 */
const NAV_LINKS = [{ to: "/", label: "Browse Properties", end: true }, ...OTHER_LINKS] as const;
const SIGNED_IN_NAV_LINKS = [{ to: "/properties", label: "Browse Properties", end: false }, ...OTHER_LINKS] as const;

/** The Dashboard link is shown only to landlords. */
const LANDLORD_NAV_LINKS = [...SIGNED_IN_NAV_LINKS, { to: "/dashboard", label: "Dashboard", end: false }] as const;

function navLinkClass(isActive: boolean) {
  return cn(
    "relative rounded-full px-3.5 py-2 text-sm font-medium transition-colors hover:bg-secondary",
    isActive
      ? "text-foreground after:absolute after:inset-x-3.5 after:-bottom-px after:h-0.5 after:rounded-full after:bg-brass-500"
      : "text-muted-foreground hover:text-foreground",
  );
}

export type SiteHeaderProps = {
  /**
   * The page's path, which marks the current link and closes the phone menu when it changes. Only the path: its
   * props are written into the page, and a query may hold what must not be (a sign-in's one-time token).
   */
  pathname: string;
  /** Whether a landlord who must verify their phone is sent to do so from here (not while the page loads). */
  phoneGate: boolean;
};

/** What the header shows of a signed-in visitor's account; a signed-out visitor's header has none of its code. */
export type AccountParts = {
  MessagesLink: React.ComponentType<{ pathname: string }>;
  UserMenu: React.ComponentType<{ user: TSessionUser }>;
  MobileAccount: React.ComponentType<{ user: TSessionUser }>;
  PhoneRedirect: React.ComponentType<{ pathname: string }>;
};

/**
 * The header as drawn for a visitor whose session is known (`auth`). `account` draws a signed-in visitor's parts;
 * without it (a page whose visitor is signed out) those parts are not drawn.
 */
export function SiteHeaderView({
  pathname,
  phoneGate,
  auth,
  account,
}: SiteHeaderProps & { auth: AuthState; account?: AccountParts }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const navLinks = !auth.user ? NAV_LINKS : auth.user.role === "landlord" ? LANDLORD_NAV_LINKS : SIGNED_IN_NAV_LINKS;

  // Close the mobile menu whenever the page changes (Back and Forward included).
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on navigation on purpose
  useEffect(() => {
    setMenuOpen(false);
  }, [pathname]);

  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === "Escape") setMenuOpen(false);
    };
    // A link chosen in the menu closes it, also one that changes only the query (Get Started on /auth).
    const menu = document.getElementById(menuId);
    const onClick = (event: MouseEvent) => {
      if (event.target instanceof Element && event.target.closest("a") && menu?.contains(event.target)) {
        setMenuOpen(false);
      }
    };
    const desktop = window.matchMedia("(min-width: 768px)");
    const onResize = () => {
      if (desktop.matches) setMenuOpen(false);
    };
    window.addEventListener("keydown", onKeyDown);
    window.addEventListener("click", onClick);
    desktop.addEventListener("change", onResize);
    return () => {
      window.removeEventListener("keydown", onKeyDown);
      window.removeEventListener("click", onClick);
      desktop.removeEventListener("change", onResize);
    };
  }, [menuOpen, menuId]);

  return (
    <header className="sticky top-0 z-40 border-b border-border/80 bg-background/90 backdrop-blur-md supports-[backdrop-filter]:bg-background/75">
      <div className="container-page flex h-16 items-center justify-between gap-4">
        {phoneGate && account ? <account.PhoneRedirect pathname={pathname} /> : null}
        <SiteLink
          href="/"
          className="flex items-center gap-2.5 rounded-lg font-display text-xl font-semibold tracking-tight text-foreground"
        >
          <BrandMark />
          <span>StayLondon</span>
        </SiteLink>

        <nav aria-label="Main" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavigationLink pathname={pathname} link={link} className={navLinkClass} />
              </li>
            ))}
          </ul>
        </nav>

        <div className="flex items-center gap-1 md:gap-2">
          {/* Every signed-in person has conversations: the inbox stays one tap away at every width. */}
          {auth.status === "authenticated" && account ? <account.MessagesLink pathname={pathname} /> : null}
          <div className="hidden items-center gap-2 md:flex">
            {/* While the session is read, neither version shows (no flash of Sign In for a signed-in user). */}
            {auth.status === "loading" ? <span aria-hidden="true" className="block h-10 w-44" /> : null}
            {auth.status === "authenticated" && account ? <account.UserMenu user={auth.user} /> : null}
            {auth.status === "anonymous" ? (
              <>
                <Button asChild variant="ghost" size="sm">
                  <SiteLink href="/auth">Sign In</SiteLink>
                </Button>
                <Button asChild size="sm">
                  <SiteLink href="/auth?tab=register">Get Started</SiteLink>
                </Button>
              </>
            ) : null}
          </div>

          <Button
            variant="ghost"
            size="icon"
            className="md:hidden"
            aria-expanded={menuOpen}
            aria-controls={menuId}
            aria-label={menuOpen ? "Close menu" : "Open menu"}
            onClick={() => setMenuOpen((open) => !open)}
          >
            {menuOpen ? <X className="size-5" aria-hidden="true" /> : <Menu className="size-5" aria-hidden="true" />}
          </Button>
        </div>
      </div>

      <div id={menuId} hidden={!menuOpen} className="border-t border-border bg-background md:hidden">
        <nav aria-label="Mobile" className="container-page py-3">
          <ul className="flex flex-col">
            {navLinks.map((link) => (
              <li key={link.to}>
                <NavigationLink
                  pathname={pathname}
                  link={link}
                  className={(isActive) =>
                    cn(
                      "flex min-h-12 items-center rounded-xl px-3 text-base font-medium hover:bg-secondary",
                      isActive ? "bg-secondary text-foreground" : "text-muted-foreground",
                    )
                  }
                />
              </li>
            ))}
          </ul>
          {auth.status === "authenticated" && account ? <account.MobileAccount user={auth.user} /> : null}
          {auth.status === "anonymous" ? (
            <div className="mt-3 grid grid-cols-2 gap-2 border-t border-border pt-4 pb-2">
              <Button asChild variant="outline">
                <SiteLink href="/auth">Sign In</SiteLink>
              </Button>
              <Button asChild>
                <SiteLink href="/auth?tab=register">Get Started</SiteLink>
              </Button>
            </div>
          ) : null}
        </nav>
      </div>
    </header>
  );
}

/** A link of the site's navigation, marked as the current page (for sight and for screen readers) when it is. */
function NavigationLink({
  pathname,
  link,
  className,
}: {
  pathname: string;
  link: { to: string; label: string; end: boolean };
  className: (isActive: boolean) => string;
}) {
  const isActive = isCurrentPage(pathname, link.to, link.end);
  return (
    <SiteLink href={link.to} aria-current={isActive ? "page" : undefined} className={className(isActive)}>
      {link.label}
    </SiteLink>
  );
}
