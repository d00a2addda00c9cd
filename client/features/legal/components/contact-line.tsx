import type { TSiteFacts } from "@common/schemas/site-facts";
import { Link } from "react-router";

/** How to reach the company: its support address when one is configured, and always the contact page. */
export function ContactLine({ company }: { company: TSiteFacts["company"] }) {
  const contactPage = (
    <Link to="/contact" className="font-medium underline underline-offset-4">
      our contact page
    </Link>
  );
  if (company.supportEmail) {
    return (
      <>
        write to us at{" "}
        <a href={`mailto:${company.supportEmail}`} className="font-medium underline underline-offset-4">
          {company.supportEmail}
        </a>{" "}
        or through {contactPage}
      </>
    );
  }
  return <>write to us through {contactPage}</>;
}
