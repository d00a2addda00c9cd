import {
  BarChart3,
  Building2,
  CalendarCheck,
  Hammer,
  Landmark,
  LayoutDashboard,
  LifeBuoy,
  type LucideIcon,
  ScrollText,
  UserCheck,
  Users,
} from "lucide-react";
import type * as React from "react";
import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "react-router";
import { cn } from "@/lib/utils";

/** Every admin page, in the order the admin area lists them (the dashboard's Administration Tools too). */
export const ADMIN_TOOLS: readonly { to: string; label: string; description: string; icon: LucideIcon }[] = [
  { to: "/admin/users", label: "User Management", description: "Roles, sign-in and frozen accounts.", icon: Users },
  {
    to: "/admin/properties",
    label: "Property Management",
    description: "Every listing, its owner and its bookings.",
    icon: Building2,
  },
  {
    to: "/admin/bookings",
    label: "Booking Oversight",
    description: "Every booking; confirm or cancel requests.",
    icon: CalendarCheck,
  },
  {
    to: "/admin/damage-claims",
    label: "Damage Claims",
    description: "Disputed claims awaiting a decision.",
    icon: Hammer,
  },
  { to: "/admin/analytics", label: "Analytics", description: "Growth, revenue, cities and roles.", icon: BarChart3 },
  {
    to: "/admin/landlord-approval",
    label: "Landlord Approvals",
    description: "New landlords waiting for review.",
    icon: UserCheck,
  },
  { to: "/admin/support", label: "Support", description: "Requests from the contact page.", icon: LifeBuoy },
  { to: "/admin/system-logs", label: "System Logs", description: "Privileged actions and failures.", icon: ScrollText },
  {
    to: "/admin/platform-report",
    label: "HMRC Report",
    description: "Sellers' yearly earnings for HMRC.",
    icon: Landmark,
  },
];

/**
 * The admin area's own navigation: the dashboard, then every tool. On a phone it scrolls sideways, and opens
 * scrolled to the current page so the admin sees where they are.
 */
function AdminNav() {
  const items = [{ to: "/dashboard", label: "Dashboard", icon: LayoutDashboard }, ...ADMIN_TOOLS];
  const navRef = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the current page's link moves when the path changes
  useEffect(() => {
    const nav = navRef.current;
    const current = nav?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!nav || !current) return;
    nav.scrollLeft = current.offsetLeft - (nav.clientWidth - current.offsetWidth) / 2;
  }, [pathname]);
  return (
    <nav ref={navRef} aria-label="Administration" className="relative -mx-4 overflow-x-auto px-4 sm:mx-0 sm:px-0">
      <ul className="flex min-w-max gap-1 border-b border-border">
        {items.map(({ to, label, icon: Icon }) => (
          <li key={to}>
            <NavLink
              to={to}
              end
              className={({ isActive }) =>
                cn(
                  "-mb-px inline-flex h-11 items-center gap-2 border-b-2 px-3 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "border-brass-600 text-foreground"
                    : "border-transparent text-muted-foreground hover:border-border hover:text-foreground",
                )
              }
            >
              <Icon aria-hidden="true" className="size-4" />
              {label}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * An admin page: the area's navigation, the heading with its introduction and actions, then the page. The
 * title is the page's h1.
 */
export function AdminPage({
  title,
  intro,
  actions,
  children,
}: {
  title: string;
  intro: React.ReactNode;
  actions?: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <div className="flex-1 bg-sand/60">
      <div className="border-b border-border bg-card">
        <div className="container-page pt-6">
          <AdminNav />
        </div>
        <header className="container-page flex flex-col gap-5 py-8 sm:py-10 md:flex-row md:items-end md:justify-between">
          <div className="max-w-2xl">
            <p className="eyebrow">Administration</p>
            <h1 className="mt-3 font-display text-4xl font-medium tracking-tight break-words sm:text-5xl">{title}</h1>
            <div className="mt-3 leading-relaxed text-muted-foreground">{intro}</div>
          </div>
          {actions ? <div className="flex shrink-0 flex-wrap gap-2">{actions}</div> : null}
        </header>
      </div>
      <div className="container-page grid gap-8 py-8 sm:py-10">{children}</div>
    </div>
  );
}
