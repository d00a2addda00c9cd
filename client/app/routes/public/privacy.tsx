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

/**
 * The privacy notice UK GDPR asks for: who we are, what we hold and why, who handles it for us, how long it is kept
 * and people's rights. The company, the processors and the periods come from this deployment's configuration.
 */
export function Component() {
  useDocumentTitle("Privacy notice");
  const facts = useSiteFacts().data;
  if (!facts) return null;
  const { company, processors, retention } = facts;
  const registration = registrationLine(company);

  return (
    <LegalPage
      title="Privacy notice"
      updated="29 November 2026"
      summary={
        <p>
          What {company.name} keeps about you when you use StayLondon, why, who handles it for us, how long we keep it
          and what you can ask of us. We send no marketing e-mails unless you ask for them, and use no advertising or
          analytics trackers.
        </p>
      }
      sections={[
        {
          id: "who-we-are",
          heading: "Who we are",
          body: (
            <>
              <p>
                {company.name} runs StayLondon and decides how your personal data is used: under UK data protection law
                we are its controller.{registration ? ` ${registration}.` : ""}
                {company.registeredAddress ? ` Registered office: ${company.registeredAddress}.` : ""}
                {company.icoRegistration
                  ? ` We are registered with the Information Commissioner's Office as ${company.icoRegistration}.`
                  : ""}
              </p>
              <p>
                For anything in this notice, <ContactLine company={company} />.
              </p>
            </>
          ),
        },
        {
          id: "what-we-collect",
          heading: "What we keep about you",
          body: (
            <LegalList
              items={[
                "Your account: name, e-mail address, role, and your password stored only as a one-way hash we cannot read back. A mobile number if you verify one; a profile photo if you add one; whether you signed up with e-mail, Google or Apple.",
                "Your bookings: the stays, dates and prices, the guest details you give (names, e-mail, phone), cancellations and refunds. For card payments, Stripe's reference for the payment, never the card number.",
                "What you write: messages with hosts, guests and property managers; reviews and host responses; repair reports and their photos.",
                "If you host: your listings and their photos, prices, house rules, calendars and the dates you import from other sites' calendars (dates only, never those sites' guest details).",
                "Security records: each sign-in attempt (the address tried, the IP address and browser), when you registered and last signed in and from which IP address, and a log of changes made by administrators and of account events such as a password reset.",
              ]}
            />
          ),
        },
        {
          id: "why",
          heading: "Why we use it",
          body: (
            <LegalList
              items={[
                "To provide what you signed up for (our contract with you): your account, bookings, payments, messages, reviews and listings.",
                "To meet legal duties: booking and payment records are kept for tax and accounting, and we answer lawful requests from authorities.",
                "To keep the service safe (our legitimate interest): sign-in throttling, rate limits and the administrators' log.",
              ]}
            />
          ),
        },
        {
          id: "who-sees-it",
          heading: "Who sees it",
          body: (
            <>
              <p>
                Other users see what a booking needs: a host and their property manager see your name, the guest details
                and the messages of stays at their homes; a guest sees the host's first name. Reviews show your first
                name and last initial and the month of the stay.
              </p>
              <p>These services handle data for us, each only for the purpose given:</p>
              <LegalList
                items={processors.map((processor) => (
                  <>
                    <span className="font-medium text-foreground">{processor.name}</span>: {processor.purpose}
                  </>
                ))}
              />
              <p>
                Where a service handles data outside the UK, UK data protection law's safeguards for such transfers
                apply. We never sell personal data.
              </p>
            </>
          ),
        },
        {
          id: "how-long",
          heading: "How long we keep it",
          body: (
            <LegalList
              items={[
                `A signed-in session: at most ${retention.sessionDays} days, and it ends when you sign out or change your password.`,
                `Sign-in attempts: ${retention.loginAttemptDays} days.`,
                `The administrators' log: ${retention.auditLogDays} days.`,
                `Copies of e-mails and texts we have sent: ${retention.sentMessageDays} days (longer, up to 30 days, for one that could not be delivered).`,
                "Your account and what you wrote: while your account is open; erased when you close it.",
                "Booking and payment records: six years after the end of the tax year they belong to, as UK tax law requires, even after an account is closed.",
              ]}
            />
          ),
        },
        {
          id: "your-rights",
          heading: "Your rights",
          body: (
            <>
              <p>
                You may ask for a copy of the data we hold about you, have it corrected, have it erased or its use
                restricted, receive it in a machine-readable file, and object to our use of it for our legitimate
                interests. Signed in, you download a copy of your data, correct your name, email address and phone
                number, choose which optional emails you get, and close your account yourself from{" "}
                <Link to="/profile" className="font-medium text-foreground underline underline-offset-4">
                  your profile
                </Link>
                . Closing it erases your personal data at once, unless a stay or a payment is still outstanding. For
                anything else, <ContactLine company={company} />; we answer within one month. Some records stay for as
                long as the law requires even after erasure (see above), with your name removed where the law allows.
              </p>
              <p>
                If you are unhappy with how we handle your data, you may complain to the Information Commissioner's
                Office at ico.org.uk or on 0303 123 1113.
              </p>
            </>
          ),
        },
        {
          id: "cookies",
          heading: "Cookies",
          body: (
            <p>
              We use only the cookies and browser storage that signing in and paying need. The{" "}
              <Link to="/cookies" className="font-medium underline underline-offset-4">
                cookies page
              </Link>{" "}
              lists each one.
            </p>
          ),
        },
        {
          id: "changes",
          heading: "Changes to this notice",
          body: <p>When this notice changes, the date at the top changes with it.</p>,
        },
      ]}
    />
  );
}
