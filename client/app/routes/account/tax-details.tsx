import { useQuery } from "@tanstack/react-query";
import { LayoutDashboard } from "lucide-react";
import { AccountPage } from "@/components/layouts/account-page";
import { LinkButton } from "@/components/ui/link-button";
import { LoadingBlock } from "@/components/ui/loading-block";
import { QueryStateView } from "@/components/ui/query-state-view";
import { Skeleton } from "@/components/ui/skeleton";
import { AccessGate } from "@/features/auth/components/access-gate";
import { useAccess } from "@/features/auth/hooks/use-access";
import { taxDetailsQueryOptions } from "@/features/tax-details/api/tax-details-api";
import { ReportedToHmrc } from "@/features/tax-details/components/reported-to-hmrc";
import { TaxDetailsForm } from "@/features/tax-details/components/tax-details-form";
import { useDocumentTitle } from "@/hooks/use-document-title";
import { queryPageState } from "@/lib/query-state";

/**
 * /account/tax-details: what landlords, property managers and contractors paid through StayLondon give for HMRC's
 * yearly report of their earnings. Everyone else is told who the page is for, as the server's 403 says.
 */
export function Component() {
  useDocumentTitle("Tax details");
  const access = useAccess(["manage", "tax-details"]);
  const details = useQuery({ ...taxDetailsQueryOptions, enabled: access.allowed });
  return (
    <AccessGate verdict={access.verdict}>
      <AccountPage
        eyebrow="Your account"
        title="Tax details"
        intro={
          <p>
            UK law requires us to collect these details before your first payout and to report your earnings to HMRC
            each year. We store them encrypted.
          </p>
        }
        actions={
          <LinkButton to="/dashboard" icon={LayoutDashboard} variant="outline">
            Dashboard
          </LinkButton>
        }
      >
        <div className="grid gap-8">
          <QueryStateView
            state={queryPageState(details)}
            errorTitle="Your tax details could not be loaded"
            loading={
              <LoadingBlock label="Loading your tax details…">
                <Skeleton className="h-96 rounded-3xl" />
              </LoadingBlock>
            }
          >
            {(answer) => <TaxDetailsForm details={answer.details} />}
          </QueryStateView>
          <ReportedToHmrc enabled={access.allowed} />
        </div>
      </AccountPage>
    </AccessGate>
  );
}
