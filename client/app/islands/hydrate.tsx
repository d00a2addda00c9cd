import { StrictMode, startTransition } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { SERVER_STATE_ELEMENT_ID } from "@/app/server-page";
import type { ServerState } from "@/app/server-state";
import { DeferredToaster } from "@/components/ui/deferred-toaster";
import { authKeys } from "@/features/auth/api/auth-keys";
import { ISLAND_ATTRIBUTE, ISLAND_PROPS_ATTRIBUTE, ISLAND_SLOT_ATTRIBUTE, islandIdPrefix } from "@/lib/island";
import { cn } from "@/lib/utils";
import { type IslandData, IslandProviders } from "./providers";
import type { IslandBundleName, IslandLoader, IslandsOf, PageFacts } from "./registry";

/**
 * Work that the first use of a helper does once, tens of milliseconds on a phone: the class merger builds its tables,
 * the first money format loads the locale's data. Done before hydration, each in a task of its own, it is not added
 * to whichever piece of hydration would have met it first, so no task grows long enough to hold up a tap. Every
 * island merges classes; a bundle whose islands show money adds that format's first use.
 */
const mergeClasses = () => cn("p-0", "p-1");

/** Resolves in a later task, after the browser has had a chance to handle input. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/**
 * Hydrates a public page sent as finished HTML: each interactive part is its own React root, hydrated from the
 * props the server wrote beside it, inside what `data` provides for the visitor (the page's query cache, filled
 * with the answers the page was drawn from, or nothing where the islands read no data). Nothing else of the page
 * runs. Called once by the page's bundle (`bundles/*.tsx`) with its name, against which the compiler checks that
 * the loaders are exactly the bundle's islands, and with the first uses its islands will meet beyond merging
 * classes; client/main.tsx decides when the bundle loads.
 */
export async function hydrateIslands<B extends IslandBundleName>(
  _bundle: B,
  loaders: { readonly [Name in IslandsOf<B>]: IslandLoader },
  {
    data: dataFor,
    firstUses = [],
  }: {
    data: (page: PageFacts) => IslandData | null | Promise<IslandData | null>;
    firstUses?: readonly (() => unknown)[];
  },
) {
  const page: PageFacts = { signedIn: visitorSignedIn() };
  const data = Promise.resolve(dataFor(page));
  for (const firstUse of [mergeClasses, ...firstUses]) {
    await nextTask();
    firstUse();
  }
  await nextTask();
  let provided: IslandData | null;
  try {
    provided = await data;
  } catch (error) {
    // Offline, or a newer build replaced the file: the server's HTML stays as drawn, its links and forms working.
    console.error("The page's data code could not be loaded", error);
    return;
  }

  const elements = [...document.querySelectorAll<HTMLElement>(`[${ISLAND_ATTRIBUTE}]`)];
  let waiting = elements.length;
  /** Browser tests wait for this mark before they press anything, as on the client app's pages. */
  const markReady = () => {
    document.documentElement.dataset.appReady = "";
  };
  const hydrated = () => {
    waiting -= 1;
    if (waiting === 0) markReady();
  };
  if (waiting === 0) markReady();

  for (const element of elements) {
    const name = element.getAttribute(ISLAND_ATTRIBUTE) ?? "";
    const load = (loaders as Record<string, IslandLoader | undefined>)[name];
    if (!load) {
      // A page from another build of the site: its HTML still works, this part stays as it was drawn.
      console.error(`Unknown island "${name}"`);
      hydrated();
      continue;
    }
    const props = JSON.parse(element.getAttribute(ISLAND_PROPS_ATTRIBUTE) ?? "{}") as object;
    void Promise.resolve(load(page)).then(
      (Component) =>
        // As a transition, hydration yields to the browser, so a tap during it is answered at once.
        startTransition(() => {
          hydrateRoot(
            element,
            <StrictMode>
              <IslandProviders data={provided} onHydrated={hydrated}>
                <Component {...props} />
              </IslandProviders>
            </StrictMode>,
            { identifierPrefix: islandIdPrefix(element.getAttribute(ISLAND_SLOT_ATTRIBUTE) ?? "") },
          );
        }),
      // Code fetched for this visitor (a signed-in header's account) failed to arrive: the part stays as drawn.
      (error: unknown) => console.error(`The code of island "${name}" could not be loaded`, error),
    );
  }

  // Toasts have their own root at the end of the page, as in the client app.
  const toasts = document.createElement("div");
  document.body.append(toasts);
  createRoot(toasts).render(<DeferredToaster />);
}

/** Whether the page was drawn for a signed-in visitor: its session is among the answers the server sent. */
function visitorSignedIn(): boolean {
  const sent = document.getElementById(SERVER_STATE_ELEMENT_ID)?.textContent;
  if (!sent) return false;
  const { queries } = JSON.parse(sent) as ServerState;
  const key = JSON.stringify(authKeys.user);
  return queries.queries.some((query) => JSON.stringify(query.queryKey) === key && Boolean(query.state.data));
}
