import { londonToday } from "@common/domain/calendar-dates";
import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { saveFile } from "@/lib/save-file";
import { platformReportCsv, reportFileName } from "../utils/platform-report";

/**
 * Export Report: a CSV of exactly the figures shown for the chosen period. Unavailable until they are on screen,
 * and while another period is loading, so the file always matches the page.
 */
export function ExportReportButton({ report }: { report: TPlatformAnalytics | undefined }) {
  function exportReport() {
    if (!report) return;
    const exportedOn = londonToday();
    const fileName = reportFileName(report.period, exportedOn);
    // The byte-order mark lets spreadsheet programs read the file as UTF-8 (the £ in the headers).
    saveFile(new Blob(["\uFEFF", platformReportCsv(report, exportedOn)], { type: "text/csv;charset=utf-8" }), fileName);
    toast({ title: "Report exported", description: `${fileName} is in your downloads.` });
  }
  return (
    <Button onClick={exportReport} disabled={!report}>
      <Download aria-hidden="true" />
      Export Report
    </Button>
  );
}
