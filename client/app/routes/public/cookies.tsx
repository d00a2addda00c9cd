import { pageDataOf, startOrWait } from "@/app/page-data";
import { LegalPage } from "@/features/legal/components/legal-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { siteFactsQueryOptions, useSiteFacts } from "@/lib/site-facts";

export async function loader({ context }: { context: unknown }) {
  const data = pageDataOf(context);
  await startOrWait(data, [data.queryClient.prefetchQuery(siteFactsQueryOptions)]);
  return null;
}

type StoredItem = { name: string; kind: string; purpose: string; lasts: string };

/**
 * Every cookie and piece of browser storage the site sets. All are strictly necessary for something the visitor asked
 * for, which is why no consent banner is shown: under PECR such storage needs none, and there is nothing else.
 */
export function Component() {
  useDocumentTitle("Cookies");
  const facts = useSiteFacts().data;
  if (!facts) return null;
  const items: StoredItem[] = [
    {
      name: "sl_session",
      kind: "Cookie",
      purpose: "Keeps you signed in. Set only when you sign in; it holds a random key, never your details.",
      lasts: `Until you sign out, or ${facts.retention.sessionDays} days at most`,
    },
    {
      name: "sl_oauth",
      kind: "Cookie",
      purpose:
        "Only while you sign in with Google or Apple: ties their answer to this browser so nobody else can use it.",
      lasts: "30 minutes",
    },
    {
      name: "staylondon.web-fonts",
      kind: "Local storage",
      purpose: "Remembers that this browser has the site's typefaces, so the next page shows them at once.",
      lasts: "Until you clear your browser's data",
    },
    {
      name: "staylondon:return-to",
      kind: "Session storage",
      purpose: "Remembers the page you were on while you sign in with Google or Apple, to bring you back to it.",
      lasts: "Until the tab is closed",
    },
  ];
  const paysByCard = facts.processors.some((processor) => processor.name === "Stripe");

  return (
    <LegalPage
      title="Cookies"
      updated="28 November 2026"
      summary={
        <p>
          StayLondon uses only what signing in and paying need. There are no advertising, analytics or social media
          cookies, so we do not ask you to choose.
        </p>
      }
      sections={[
        {
          id: "ours",
          heading: "What we store in your browser",
          body: (
            // Focusable, so a phone's keyboard user can scroll the table sideways.
            <section
              aria-label="Cookies table"
              // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard
              tabIndex={0}
              className="overflow-x-auto rounded-2xl border border-border outline-none focus-visible:ring-3 focus-visible:ring-brass-500/35"
            >
              <table className="w-full min-w-[36rem] text-left text-sm">
                <caption className="sr-only">Cookies and browser storage set by StayLondon</caption>
                <thead className="bg-secondary text-xs tracking-wide text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      Name
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      What it is for
                    </th>
                    <th scope="col" className="px-4 py-3 font-semibold">
                      How long
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-border">
                  {items.map((item) => (
                    <tr key={item.name} className="align-top">
                      <th scope="row" className="px-4 py-3 font-medium">
                        <code className="text-[13px]">{item.name}</code>
                        <span className="block text-xs font-normal text-muted-foreground">{item.kind}</span>
                      </th>
                      <td className="px-4 py-3">{item.purpose}</td>
                      <td className="px-4 py-3 text-muted-foreground">{item.lasts}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </section>
          ),
        },
        {
          id: "others",
          heading: "Other sites' cookies",
          body: paysByCard ? (
            <p>
              When you pay by card, the payment form comes from Stripe, which sets its own cookies to prevent fraud on
              that step. See Stripe's cookie policy at stripe.com/cookies-policy/legal.
            </p>
          ) : (
            <p>None: no other site sets cookies through StayLondon.</p>
          ),
        },
        {
          id: "control",
          heading: "Removing them",
          body: (
            <p>
              You can delete these at any time in your browser's settings. Without sl_session you will be signed out,
              and nothing else changes.
            </p>
          ),
        },
      ]}
    />
  );
}
