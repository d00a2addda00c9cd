import { Building2, Clock, Mail, MailCheck } from "lucide-react";
import { Link } from "react-router";
import { LinkButton } from "@/components/ui/link-button";
import { StatusPanel } from "@/components/ui/status-panel";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /landlord-pending: what happens while a landlord account is reviewed. */
export function Component() {
  useDocumentTitle("Account Under Review");
  return (
    <StatusPanel
      icon={<Clock />}
      tone="warning"
      title="Account Under Review"
      actions={
        <LinkButton to="/properties" icon={Building2} size="lg">
          Browse properties as a guest
        </LinkButton>
      }
    >
      <p>Thank you for registering as a landlord. Our team checks every new host before they can list a property.</p>
      <ul className="mt-6 grid gap-4 text-left">
        <li className="flex gap-3">
          <Clock aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
          <span>
            <span className="block font-medium text-foreground">Review typically takes 1-2 business days</span>
            We look at your details and may contact you if we need anything else.
          </span>
        </li>
        <li className="flex gap-3">
          <MailCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
          <span>
            <span className="block font-medium text-foreground">Approval is confirmed by email</span>
            Once approved, sign in and verify your phone number to start listing.
          </span>
        </li>
        <li className="flex gap-3">
          <Mail aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-brass-700" />
          <span>
            <span className="block font-medium text-foreground">Questions? Contact support</span>
            Write to us from the{" "}
            <Link
              to="/contact?topic=listing"
              className="font-medium text-foreground underline decoration-brass-500 underline-offset-4"
            >
              contact page
            </Link>
            ; we answer every message by email.
          </span>
        </li>
      </ul>
    </StatusPanel>
  );
}
