import { AdminToolPage } from "@/app/admin-area";
import { useAccess } from "@/features/auth/hooks/use-access";
import {
  PlatformReportActions,
  PlatformReportBoard,
  useYearParam,
} from "@/features/platform-report/components/platform-report-board";

/** /admin/platform-report: what StayLondon reports to HMRC each year about its sellers, and the file to send. */
export function Component() {
  const { verdict, allowed } = useAccess(["read", "platform-report", "any"]);
  const [year, setYear] = useYearParam();
  return (
    <AdminToolPage
      verdict={verdict}
      title="HMRC Report"
      intro="Each year HMRC is told what every seller earned through StayLondon (the Reporting Rules for Digital Platforms): real money only, from the ledger, by quarter."
      actions={<PlatformReportActions year={year} onYearChange={setYear} />}
    >
      <PlatformReportBoard year={year} enabled={allowed} />
    </AdminToolPage>
  );
}
