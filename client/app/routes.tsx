import type { RouteObject } from "react-router";
import { MainLayout, PageLoading } from "@/app/shell/main-layout";
import { currentUserQueryOptions } from "@/features/auth/api/session";
import { siteFactsQueryOptions } from "@/lib/site-facts";
import { pageDataOf, startOrWait } from "./page-data";
import { RouteErrorBoundary } from "./routes/route-error-boundary";

/**
 * Every page is its own lazily loaded module (code splitting per route). The public pages (home,
 * browse, detail, experiences, partnerships, not found) are also rendered on the server: their
 * modules export a `loader` that asks for the data the page shows first.
 */
export const appRoutes: RouteObject[] = [
  {
    id: "root",
    Component: MainLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorBoundary,
    // The header on every page shows who is signed in; the footer, who runs the site.
    loader: async ({ context }) => {
      const data = pageDataOf(context);
      await startOrWait(data, [
        data.queryClient.prefetchQuery(currentUserQueryOptions),
        data.queryClient.prefetchQuery(siteFactsQueryOptions),
      ]);
      return null;
    },
    children: [
      { index: true, id: "home", lazy: () => import("./routes/public/home") },
      { path: "properties", id: "browse", lazy: () => import("./routes/public/properties") },
      // Both detail paths lead to the same view; the id may be a number or a slug.
      { path: "properties/:id", id: "property-by-id", lazy: () => import("./routes/public/property-detail") },
      { path: "properties/:id/manage", lazy: () => import("./routes/landlord/manage-property") },
      { path: "properties/:id/certificates", lazy: () => import("./routes/landlord/certificates") },
      { path: "property/:id", id: "property", lazy: () => import("./routes/public/property-detail") },
      { path: "experiences", id: "experiences", lazy: () => import("./routes/public/experiences") },
      { path: "partnerships", id: "partnerships", lazy: () => import("./routes/public/partnerships") },
      { path: "privacy", id: "privacy", lazy: () => import("./routes/public/privacy") },
      { path: "terms", id: "terms", lazy: () => import("./routes/public/terms") },
      { path: "cookies", id: "cookies", lazy: () => import("./routes/public/cookies") },
      { path: "auth", lazy: () => import("./routes/auth/auth") },
      { path: "forgot-password", lazy: () => import("./routes/auth/forgot-password") },
      { path: "reset-password", lazy: () => import("./routes/auth/reset-password") },
      { path: "dashboard", lazy: () => import("./routes/dashboard/dashboard") },
      { path: "booking/:propertyId", lazy: () => import("./routes/guest/booking") },
      { path: "bookings", lazy: () => import("./routes/guest/my-bookings") },
      { path: "bookings/:bookingId/damage-claim", lazy: () => import("./routes/guest/damage-claim") },
      { path: "saved-properties", lazy: () => import("./routes/guest/saved-properties") },
      { path: "profile", lazy: () => import("./routes/account/profile") },
      { path: "account/payouts", lazy: () => import("./routes/account/payouts") },
      { path: "messages", lazy: () => import("./routes/account/messages") },
      { path: "messages/:threadId", lazy: () => import("./routes/account/messages") },
      { path: "messages/bookings/:bookingId", lazy: () => import("./routes/account/messages") },
      { path: "account/tax-details", lazy: () => import("./routes/account/tax-details") },
      { path: "account/statements", lazy: () => import("./routes/account/statements") },
      { path: "account/tax-reports", lazy: () => import("./routes/account/tax-reports") },
      { path: "account/levy-returns", lazy: () => import("./routes/account/levy-returns") },
      { path: "landlord-pending", lazy: () => import("./routes/account/landlord-pending") },
      { path: "contact", lazy: () => import("./routes/public/contact") },
      { path: "confirm-email", lazy: () => import("./routes/account/confirm-email") },
      { path: "undo-email-change", lazy: () => import("./routes/account/undo-email-change") },
      { path: "unsubscribe", lazy: () => import("./routes/account/unsubscribe") },
      { path: "support", lazy: () => import("./routes/account/support") },
      { path: "support/:id", lazy: () => import("./routes/account/support-request") },
      { path: "verify-email", lazy: () => import("./routes/verification/verify-email") },
      { path: "resend-verification", lazy: () => import("./routes/verification/resend-verification") },
      { path: "phone-verification", lazy: () => import("./routes/verification/phone-verification") },
      { path: "verification-status", lazy: () => import("./routes/verification/verification-status") },
      { path: "landlord/bookings", lazy: () => import("./routes/landlord/bookings") },
      { path: "landlord/bookings/:bookingId/damage-claim", lazy: () => import("./routes/landlord/damage-claim") },
      { path: "landlord/revenue", lazy: () => import("./routes/landlord/revenue") },
      { path: "landlord/revenue/monthly", lazy: () => import("./routes/landlord/revenue-monthly") },
      { path: "landlord/occupancy", lazy: () => import("./routes/landlord/occupancy") },
      { path: "landlord/maintenance", lazy: () => import("./routes/landlord/maintenance") },
      { path: "landlord/properties", lazy: () => import("./routes/landlord/properties") },
      { path: "admin/analytics", lazy: () => import("./routes/admin/analytics") },
      { path: "admin/bookings", lazy: () => import("./routes/admin/bookings") },
      { path: "admin/landlord-approval", lazy: () => import("./routes/admin/landlord-approval") },
      { path: "admin/users", lazy: () => import("./routes/admin/users") },
      { path: "admin/properties", lazy: () => import("./routes/admin/properties") },
      { path: "admin/users/:userId/profile", lazy: () => import("./routes/admin/user-profile") },
      { path: "admin/system-logs", lazy: () => import("./routes/admin/system-logs") },
      { path: "admin/platform-report", lazy: () => import("./routes/admin/platform-report") },
      { path: "admin/support", lazy: () => import("./routes/admin/support") },
      { path: "admin/damage-claims", lazy: () => import("./routes/admin/damage-claims") },
      { path: "admin/support/:id", lazy: () => import("./routes/admin/support-request") },
      { path: "dev/outbox", lazy: () => import("./routes/dev/outbox") },
      { path: "*", id: "not-found", lazy: () => import("./routes/public/not-found") },
    ],
  },
];

/**
 * The pages the server draws with their content, by route id, and the module of each (relative to
 * client/): the server preloads that module's code with the page, and the build's weight check measures
 * it. Any other page is drawn in the browser.
 */
export const SERVER_RENDERED_PAGES = {
  home: "app/routes/public/home.tsx",
  browse: "app/routes/public/properties.tsx",
  property: "app/routes/public/property-detail.tsx",
  "property-by-id": "app/routes/public/property-detail.tsx",
  experiences: "app/routes/public/experiences.tsx",
  partnerships: "app/routes/public/partnerships.tsx",
  privacy: "app/routes/public/privacy.tsx",
  terms: "app/routes/public/terms.tsx",
  cookies: "app/routes/public/cookies.tsx",
  "not-found": "app/routes/public/not-found.tsx",
} as const;
export type ServerRenderedPage = keyof typeof SERVER_RENDERED_PAGES;
