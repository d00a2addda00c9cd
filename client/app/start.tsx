import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProvider } from "@/app/provider";
import { AppRouter, createAppRouter } from "@/app/router";
import { takeServerState } from "@/app/server-state";
import { queryClient } from "@/lib/query-client";
import { takeUpWebFonts } from "@/lib/web-fonts";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// A public page arrives drawn by the server with the data it used: React takes that HTML over.
// Any other page is drawn here. (client/main.tsx decides when this module loads.)
const hydrationData = takeServerState(queryClient);
const router = await createAppRouter(queryClient, hydrationData);
// A first visit's first page keeps the local fonts to the end; the next page the app draws takes up the site's own.
const firstPage = router.state.location.key;
const stopWatchingPages = router.subscribe((state) => {
  if (state.location.key === firstPage) return;
  takeUpWebFonts();
  stopWatchingPages();
});
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient} navigate={(path, options) => void router.navigate(path, options)}>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);
// As a transition, hydration yields to the browser every few milliseconds instead of holding the main
// thread for the whole page, so a tap or a scroll during it is answered at once.
if (hydrationData) startTransition(() => void hydrateRoot(container, app));
else createRoot(container).render(app);
