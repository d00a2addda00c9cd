import { createBrowserRouter, RouterProvider } from "react-router";
import { MainLayout, PageLoading } from "@/components/layouts/main-layout";
import { RouteErrorBoundary } from "./routes/route-error-boundary";

/** Every page is its own lazily loaded module (code splitting per route). */
export const router = createBrowserRouter([
  {
    id: "root",
    Component: MainLayout,
    HydrateFallback: PageLoading,
    ErrorBoundary: RouteErrorBoundary,
    children: [
      { index: true, lazy: () => import("./routes/public/home") },
      { path: "properties", lazy: () => import("./routes/public/properties") },
      // Spec 1 §2: both detail paths lead to the same view; the id may be a number or a slug.
      { path: "properties/:id", lazy: () => import("./routes/public/property-detail") },
      { path: "properties/:id/manage", lazy: () => import("./routes/landlord/manage-property") },
      { path: "property/:id", lazy: () => import("./routes/public/property-detail") },
      { path: "experiences", lazy: () => import("./routes/public/experiences") },
      { path: "partnerships", lazy: () => import("./routes/public/partnerships") },
      { path: "auth", lazy: () => import("./routes/auth/auth") },
      { path: "dashboard", lazy: () => import("./routes/dashboard/dashboard") },
      { path: "booking/:propertyId", lazy: () => import("./routes/guest/booking") },
      { path: "bookings", lazy: () => import("./routes/guest/my-bookings") },
      { path: "saved-properties", lazy: () => import("./routes/guest/saved-properties") },
      { path: "profile", lazy: () => import("./routes/account/profile") },
      { path: "landlord-pending", lazy: () => import("./routes/account/landlord-pending") },
      { path: "verify-email", lazy: () => import("./routes/verification/verify-email") },
      { path: "phone-verification", lazy: () => import("./routes/verification/phone-verification") },
      { path: "verification-status", lazy: () => import("./routes/verification/verification-status") },
      { path: "landlord/bookings", lazy: () => import("./routes/landlord/bookings") },
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
      { path: "dev/outbox", lazy: () => import("./routes/dev/outbox") },
      { path: "*", lazy: () => import("./routes/public/not-found") },
    ],
  },
]);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
