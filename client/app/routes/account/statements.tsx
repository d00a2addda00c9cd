import { LayoutDashboard } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { StatementsView } from "@/features/money-documents/components/statements-view";
import { useDocumentTitle } from "@/hooks/use-document-title";

/**
 * /account/statements: a landlord's, property manager's or contractor's monthly statements of what they earned and
 * were sent, from their own ledger lines. Everyone else is told who the page is for, as the server's 403 says.
 */
export function Component() {
  useDocumentTitle("Statements");
  const access = useAccess(["read", "statement"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AccountPage
        eyebrow="Your account"
        title="Statements"
        intro={
          <p>
            Each month's earnings, refunds, fees and transfers, with your balance after each, as StayLondon recorded
            them.
          </p>
        }
        actions={
          <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
            Dashboard
          </LinkButton>
        }
      >
        {access.allowed ? <StatementsView /> : null}
      </AccountPage>
    </AccessGate>
  );
}
