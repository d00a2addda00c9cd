import type { TSiteFacts } from "@common/schemas/site-facts";

/** How to reach the company, as configured: its support address, else its registered office, else neither. */
export function ContactLine({ company }: { company: TSiteFacts["company"] }) {
  if (company.supportEmail) {
    return (
      <>
        write to us at{" "}
        <a href={`mailto:${company.supportEmail}`} className="font-medium underline underline-offset-4">
          {company.supportEmail}
        </a>
      </>
    );
  }
  if (company.registeredAddress) return <>write to us at {company.registeredAddress}</>;
  return <>use the contact details the operator of this site gives (none are configured yet)</>;
}
