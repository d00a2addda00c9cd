import { BarChart3 } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { TaxReportView } from "@/features/money-documents/components/tax-report-view";
import { useDocumentTitle } from "@/hooks/use-document-title";

/** /account/tax-reports: a landlord's tax-year summary of their lettings income, to help with Self Assessment. */
export function Component() {
  useDocumentTitle("Tax Reports");
  const access = useAccess(["read", "tax-report"]);
  return (
    <AccessGate verdict={access.verdict}>
      <AccountPage
        eyebrow="Your account"
        title="Tax Reports"
        intro={<p>Your lettings income for each UK tax year (6 April to 5 April), in total and by property.</p>}
        actions={
          <LinkButton to="/landlord/revenue" icon={BarChart3} variant="outline">
            Revenue Analytics
          </LinkButton>
        }
      >
        {access.allowed ? <TaxReportView /> : null}
      </AccountPage>
    </AccessGate>
  );
}
