import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AppProvider } from "@/app/provider";
import { AppRouter, createAppRouter } from "@/app/router";
import { takeServerState } from "@/app/server-state";
import { queryClient } from "@/lib/query-client";

const container = document.getElementById("root");
if (!container) throw new Error("The #root element is missing from index.html");

// A public page arrives drawn by the server with the data it used: React takes that HTML over.
// Any other page is drawn here. (client/main.tsx decides when this module loads.)
const hydrationData = takeServerState(queryClient);
const router = await createAppRouter(queryClient, hydrationData);
const app = (
  <StrictMode>
    <AppProvider queryClient={queryClient} navigate={(path) => void router.navigate(path)}>
      <AppRouter router={router} />
    </AppProvider>
  </StrictMode>
);
if (hydrationData) hydrateRoot(container, app);
else createRoot(container).render(app);
