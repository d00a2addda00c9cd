import { SERVICE_FEE_RATE } from "@common/domain/all-in";
import { CANCELLATION_POLICIES, POLICY_SUMMARIES } from "@common/domain/cancellation-policy";
import { Link } from "react-router";
import { pageDataOf, startOrWait } from "@/app/page-data";
import { ContactLine } from "@/features/legal/components/contact-line";
import { LegalList, LegalPage } from "@/features/legal/components/legal-page";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { registrationLine, siteFactsQueryOptions, useSiteFacts } from "@/lib/site-facts";

export async function loader({ context }: { context: unknown }) {
  const data = pageDataOf(context);
  await startOrWait(data, [data.queryClient.prefetchQuery(siteFactsQueryOptions)]);
  return null;
}

const POLICY_NAMES = { flexible: "Flexible", moderate: "Moderate", strict: "Strict" } as const;

/**
 * The terms of use in plain English: what the platform does and does not do, and the rules the product enforces
 * (fees, holds, cancellation policies), read from the same constants the server applies.
 */
export function Component() {
  useDocumentTitle("Terms of use");
  const facts = useSiteFacts().data;
  if (!facts) return null;
  const { company } = facts;
  const registration = registrationLine(company);

  return (
    <LegalPage
      title="Terms of use"
      updated="28 November 2026"
      summary={
        <p>
          StayLondon is a marketplace: hosts list their homes, guests book them, and {company.name} runs the site
          between them. These terms say what each of us agrees to. Nothing in them takes away your rights as a consumer.
        </p>
      }
      sections={[
        {
          id: "company-details",
          heading: "Company details",
          body: (
            <>
              <p>
                StayLondon is run by {company.name}.{registration ? ` ${registration}.` : ""}
                {company.registeredAddress ? ` Registered office: ${company.registeredAddress}.` : ""}
              </p>
              <p>
                To reach us, <ContactLine company={company} />.
              </p>
            </>
          ),
        },
        {
          id: "accounts",
          heading: "Your account",
          body: (
            <LegalList
              items={[
                "One account per person, in your own name, with an e-mail address you can read. Keep your password to yourself; you are responsible for what is done with your account until you tell us it has been misused.",
                "Guests need a verified e-mail address to save homes and a verified mobile number to book. Landlords are reviewed by our team before they can list, and verify their mobile number before they list or change anything.",
                "We may freeze an account that breaks these terms or the law, and tell you why when we can.",
              ]}
            />
          ),
        },
        {
          id: "booking",
          heading: "Booking a stay",
          body: (
            <>
              <LegalList
                items={[
                  "Your contract for the stay is with the host. We run the booking, take the payment when card payments are on, and pass on messages.",
                  `The price shown at checkout is the nights' price (after the host's own pricing rules) plus our service fee of ${Math.round(SERVICE_FEE_RATE * 100)}% of the nights. Longer lets are tenancies and follow their own rules, shown before you book.`,
                  "A booking request holds the dates while the host answers, for up to 48 hours; with card payments on, a booking holds them for 30 minutes while you pay.",
                  "Each listing shows its cancellation policy, and the one shown when you book is the one that applies to that booking.",
                ]}
              />
              <LegalList
                items={CANCELLATION_POLICIES.map((policy) => (
                  <>
                    <span className="font-medium text-foreground">{POLICY_NAMES[policy]}</span>:{" "}
                    {POLICY_SUMMARIES[policy]}
                  </>
                ))}
              />
              <p>
                A host or our team may cancel a confirmed booking only for a serious reason; you are then refunded in
                full.
              </p>
            </>
          ),
        },
        {
          id: "hosting",
          heading: "Hosting",
          body: (
            <LegalList
              items={[
                "List only homes you have the right to let, describe them truthfully, with your own recent photos, and keep your calendar current.",
                "You are responsible for the home and for the law that applies to letting it: safety certificates, licences, registration and the short-let limits where you are (in London, 90 nights a year without planning permission).",
                "Answer booking requests within 48 hours and honour the bookings you accept.",
                "We may remove a listing that breaks these rules, and tell you why.",
              ]}
            />
          ),
        },
        {
          id: "reviews-and-messages",
          heading: "Reviews and messages",
          body: (
            <LegalList
              items={[
                "Reviews are written by guests about stays that took place, once per stay. Hosts may answer each review once.",
                "Write honestly and politely. Do not share contact details to take a booking off the site, and do not post anything unlawful.",
                "We may remove content that breaks these rules.",
              ]}
            />
          ),
        },
        {
          id: "our-responsibility",
          heading: "What we are responsible for",
          body: (
            <p>
              We run the site with reasonable care and skill and fix what goes wrong as quickly as we can. We are not
              the host of any home and are not responsible for a host's or a guest's own actions, but nothing in these
              terms limits our liability for death or personal injury caused by our negligence, for fraud, or where the
              law does not allow it to be limited.
            </p>
          ),
        },
        {
          id: "privacy",
          heading: "Your data",
          body: (
            <p>
              How we handle your personal data is set out in our{" "}
              <Link to="/privacy" className="font-medium underline underline-offset-4">
                privacy notice
              </Link>
              .
            </p>
          ),
        },
        {
          id: "law",
          heading: "The law that applies",
          body: (
            <p>
              These terms are governed by the law of England and Wales. If you live in Scotland or Northern Ireland, you
              may also bring proceedings in your local courts.
            </p>
          ),
        },
      ]}
    />
  );
}
