import type { AdminPropertyStatus } from "@common/schemas/admin-properties";
import { Download, Loader2 } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { formatInteger, pluralize } from "@/lib/format";
import { downloadPropertiesCsv } from "../api/admin-properties-api";

/** Export Data: the CSV of the current search and filter, every matching listing rather than the page on screen. */
export function ExportPropertiesButton({
  filters,
}: {
  filters: { q: string; status: AdminPropertyStatus | undefined };
}) {
  const [exporting, setExporting] = useState(false);

  async function exportList() {
    setExporting(true);
    try {
      const { exported, total } = await downloadPropertiesCsv(filters);
      toast({
        title: "Export ready",
        description:
          exported < total
            ? `The newest ${formatInteger(exported)} of ${formatInteger(total)} listings were exported; narrow the search for the rest.`
            : `${pluralize(exported, "listing")} exported as CSV.`,
      });
    } catch (error) {
      toast({
        variant: "destructive",
        title: "Export failed",
        description: serverMessageOf(error, "Please try again."),
      });
    } finally {
      setExporting(false);
    }
  }

  return (
    <Button variant="outline" onClick={() => void exportList()} disabled={exporting}>
      {exporting ? <Loader2 aria-hidden="true" className="animate-spin" /> : <Download aria-hidden="true" />}
      {exporting ? "Exporting…" : "Export Data"}
    </Button>
  );
}
