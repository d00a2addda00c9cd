import type { QueryClient } from "@tanstack/react-query";
import { createBrowserRouter, type HydrationState, matchRoutes, RouterProvider } from "react-router";
import { pageDataContextFor } from "./page-data";
import { appRoutes } from "./routes";

type BrowserRouter = ReturnType<typeof createBrowserRouter>;

/**
 * The browser's router. On a server-rendered page, the code of the page's routes is loaded before the
 * router starts, so the first render is the page the server drew (hydration), not a loading screen.
 */
export async function createAppRouter(
  queryClient: QueryClient,
  hydrationData: HydrationState | null,
): Promise<BrowserRouter> {
  if (hydrationData) {
    const matches = matchRoutes(appRoutes, window.location) ?? [];
    await Promise.all(
      matches.map(async ({ route }) => {
        if (typeof route.lazy !== "function") return;
        const module = await route.lazy();
        Object.assign(route, { ...module, lazy: undefined });
      }),
    );
  }
  return createBrowserRouter(appRoutes, {
    getContext: () => pageDataContextFor({ queryClient, waitForData: false }),
    ...(hydrationData ? { hydrationData } : {}),
  });
}

export function AppRouter({ router }: { router: BrowserRouter }) {
  return <RouterProvider router={router} />;
}
