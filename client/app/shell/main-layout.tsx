import type * as React from "react";
import { useEffect, useMemo, useRef } from "react";
import { Outlet, ScrollRestoration, useLocation, useNavigation, useSearchParams } from "react-router";
import { SiteFooter } from "@/components/layouts/site-footer";
import { type PageSearch, PageSearchContext } from "@/lib/page-search";
import { SiteHeaderIsland } from "./site-header.island";

function NavigationProgress() {
  const navigation = useNavigation();
  if (navigation.state === "idle") return null;
  return (
    <div
      role="progressbar"
      aria-label="Loading page"
      className="fixed inset-x-0 top-0 z-50 h-0.5 overflow-hidden bg-brass-100"
    >
      <div className="h-full w-full origin-left animate-progress bg-brass-500" />
    </div>
  );
}

/** After a client-side page change, move focus to the main landmark so screen readers start at the new page. */
function useFocusMainOnNavigation(main: React.RefObject<HTMLElement | null>) {
  const { pathname } = useLocation();
  const first = useRef(true);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the page (pathname) changes
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus({ preventScroll: true });
  }, [pathname]);
}

/** The router's query for the parts of a page that also run as islands, where they rewrite the address themselves. */
function RoutedPageSearch({ children }: { children: React.ReactNode }) {
  const [searchParams, setSearchParams] = useSearchParams();
  const value = useMemo<PageSearch>(
    () => [searchParams, (next) => setSearchParams(next, { replace: true, preventScrollReset: true })],
    [searchParams, setSearchParams],
  );
  return <PageSearchContext value={value}>{children}</PageSearchContext>;
}

/** Header, main landmark and footer around every public page. */
export function MainLayout({ children }: { children?: React.ReactNode }) {
  const main = useRef<HTMLElement>(null);
  const { pathname } = useLocation();
  useFocusMainOnNavigation(main);
  return (
    <div className="flex min-h-dvh flex-col">
      <a
        href="#main-content"
        className="sr-only z-[60] rounded-full bg-primary px-4 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
      >
        Skip to main content
      </a>
      <NavigationProgress />
      {/* No phone gate in the loading fallback: the router may not be ready to navigate yet. */}
      <SiteHeaderIsland pathname={pathname} phoneGate={!children} />
      <main ref={main} id="main-content" tabIndex={-1} className="flex flex-1 flex-col outline-none">
        <RoutedPageSearch>{children ?? <Outlet />}</RoutedPageSearch>
      </main>
      <SiteFooter />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first lazy page module loads. */
export function PageLoading() {
  return (
    <MainLayout>
      <div className="container-page flex flex-1 items-center justify-center py-24" role="status">
        <span className="sr-only">Loading…</span>
        <span
          aria-hidden="true"
          className="size-8 animate-spin rounded-full border-2 border-brass-300 border-t-primary"
        />
      </div>
    </MainLayout>
  );
}
