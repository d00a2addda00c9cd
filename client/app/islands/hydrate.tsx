import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SERVER_STATE_ELEMENT_ID } from "@/app/server-page";
import type { ServerState } from "@/app/server-state";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { authKeys } from "@/features/auth/api/auth-keys";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_SLOT_ATTRIBUTE, islandIdPrefix } from "@/lib/island";
import { cn } from "@/lib/utils";
import { type IslandData, IslandProviders } from "./providers";
import type { IslandBundleName, IslandLoader, IslandPlan, IslandsOf, PageFacts } from "./registry";

/**
 * Work that the first use of a helper does once, tens of milliseconds on a phone: the class merger runs its code for
 * the first time and builds its tables, the first money format loads the locale's data. Done before hydration, each
 * in a task of its own, it is not added to whichever piece of hydration would have met it first, so no task grows
 * long enough to hold up a tap. Every island merges classes; a bundle whose islands show money adds that format's
 * first use.
 */
const mergeClasses = () => cn("p-0", "p-1");

/** Resolves in a later task, after the browser has had a chance to handle input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * The query cache for a page whose first islands read none for a signed-out visitor: its code is fetched when the
 * first island that reads it hydrates, and never on a page where none does.
 */
export const queryDataWhenRead = (): Promise<IslandData> => import("./query-data").then(({ queryData }) => queryData());

/**
 * Hydrates a public page sent as finished HTML: each interactive part is its own React root, hydrated from the
 * props the server wrote beside it. Nothing else of the page runs. Called once by the page's bundle (`bundles/*.tsx`)
 * with its name, against which the compiler checks that the loaders are exactly the bundle's islands, and with the
 * first uses its islands will meet beyond merging classes; client/main.tsx decides when the bundle loads.
 *
 * An island that reads data hydrates inside what `data` provides (the page's query cache, filled with the answers
 * the page was drawn from), asked for once, when the first such island needs it. An island planned for later
 * (`nearViewport`) hydrates when it is wanted; the page is ready (`data-app-ready`) once the others have hydrated,
 * and each island's root carries `data-hydrated` once it is live.
 */
export async function hydrateIslands<B extends IslandBundleName>(
  _bundle: B,
  loaders: { readonly [Name in IslandsOf<B>]: IslandLoader | IslandPlan },
  {
    data: dataFor,
    firstUses = [],
  }: {
    data: (page: PageFacts) => IslandData | null | Promise<IslandData | null>;
    firstUses?: readonly (() => unknown)[];
  },
) {
  const page: PageFacts = { signedIn: visitorSignedIn() };
  const planned = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)].map((element) => {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? "";
    const entry = (loaders as Record<string, IslandLoader | IslandPlan | undefined>)[name];
    const plan = typeof entry === "function" ? { load: entry, readsData: () => true } : entry;
    return { element, name, plan, readsData: plan?.readsData(page) };
  });

  let data: Promise<IslandData | null> | undefined;
  const dataOnce = () => (data ??= Promise.resolve(page).then(dataFor));
  // Fetched alongside the first uses below when an island hydrating with the page needs it.
  if (planned.some(({ plan, readsData }) => readsData && !plan?.later)) dataOnce().catch(() => {});
  for (const firstUse of [mergeClasses, ...firstUses]) {
    await nextTask();
    firstUse();
  }
  await nextTask();

  let waiting = planned.filter(({ plan }) => !plan?.later).length;
  /** Browser tests wait for this mark before they press anything, as on the client app's pages. */
  const markReady = () => {
    document.documentElement.dataset.appReady = "";
  };
  const onLoadHydrated = () => {
    waiting -= 1;
    if (waiting === 0) markReady();
  };
  if (waiting === 0) markReady();

  for (const { element, name, plan, readsData } of planned) {
    if (!plan) {
      // A page from another build of the site: its HTML still works, this part stays as it was drawn.
      console.error(`Unknown island "${name}"`);
      onLoadHydrated();
      continue;
    }
    const { later } = plan;
    const early = later?.recordEarlyInput(element);
    const hydrate = () =>
      Promise.all([plan.load(page), readsData && dataOnce()]).then(
        ([Component, provided]) =>
          // As a transition, hydration yields to the browser, so a tap during it is answered at once.
          startTransition(() => {
            // From here React itself answers what the visitor does to the island.
            early?.stop();
            hydrateRoot(
              element,
              <StrictMode>
                <IslandProviders
                  data={provided || null}
                  onHydrated={() => {
                    element.dataset.hydrated = "";
                    early?.replay();
                    if (!later) onLoadHydrated();
                  }}
                >
                  <Component {...JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}")} />
                </IslandProviders>
              </StrictMode>,
              { identifierPrefix: islandIdPrefix(element.getAttribute(ISLAND_SLOT_ATTRIBUTE) ?? "") },
            );
          }),
        // Offline, or a newer build replaced a file (the island's code, or the data code it reads through): the
        // part stays as the server drew it, its links and forms working.
        (error: unknown) => console.error(`The code of island "${name}" could not be loaded`, error),
      );
    if (later) later.whenWanted(element, hydrate);
    else hydrate();
  }

  // Toasts have their own root at the end of the page, as in the client app, fetched with the first toast.
  const toasts = document.createElement("div");
  document.body.append(toasts);
  createRoot(toasts).render(<DeferredToaster onFirstToast />);
}

/** Whether the page was drawn for a signed-in visitor: its session is among the answers the server sent. */
function visitorSignedIn(): boolean {
  const sent = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!sent) return false;
  const { queries } = JSON.parse(sent) as ServerState;
  const key = JSON.stringify(authKeys.user);
  return queries.queries.some((query) => JSON.stringify(query.queryKey) === key && Boolean(query.state.data));
}
