import { Receipt } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { LevyReturnView } from "@/features/levy-returns/components/levy-return-view";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /account/levy-returns: a host's visitor levy return by quarter, and paying a quarter's held levy to the council. */
export function Component() {
  useDocumentTitle("Visitor Levy Returns");
  const access = useAccess(["read", "levy-return"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AccountPage
        eyebrow="Your account"
        title="Visitor Levy Returns"
        intro={
          <p>
            Edinburgh's visitor levy on your stays, which we collect from guests and hold for you: what each quarter
            levied, what has been paid to the council, and what is still owed.
          </p>
        }
        actions={
          <LinkButton to="/account/statements" icon={Receipt} variant="outline">
            Statements
          </LinkButton>
        }
      >
        {access.allowed ? <LevyReturnView /> : null}
      </AccountPage>
    </AccessGate>
  );
}
