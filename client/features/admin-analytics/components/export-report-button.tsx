import { londonToday } from "@common/domain/calendar-dates";
import type { TPlatformAnalytics } from "@common/schemas/platform-analytics";
import { Download } from "lucide-react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { platformReportCsv, reportFileName } from "../utils/platform-report";

/** Hands the browser a file to save, built here from figures already on screen: nothing is asked of the server. */
function downloadCsv(csv: string, fileName: string) {
  // The byte-order mark lets spreadsheet programs read the file as UTF-8 (the £ in the headers).
  const url = URL.createObjectURL(new Blob(["\uFEFF", csv], { type: "text/csv;charset=utf-8" }));
  const link = document.createElement("a");
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  // Revoked once the browser has had the click; revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

/**
 * Export Report: a CSV of exactly the figures shown for the chosen period. Unavailable until they are on screen,
 * and while another period is loading, so the file always matches the page.
 */
export function ExportReportButton({ report }: { report: TPlatformAnalytics | undefined }) {
  function exportReport() {
    if (!report) return;
    const exportedOn = londonToday();
    const fileName = reportFileName(report.period, exportedOn);
    downloadCsv(platformReportCsv(report, exportedOn), fileName);
    toast({ title: "Report exported", description: `${fileName} is in your downloads.` });
  }
  return (
    <Button onClick={exportReport} disabled={!report}>
      <Download aria-hidden="true" />
      Export Report
    </Button>
  );
}
