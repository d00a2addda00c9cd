import type { TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { CalendarPlus } from "lucide-react";
import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { OfferJobDialog } from "./offer-job-dialog";
import { ReportProblemDialog } from "./report-problem-dialog";

/**
 * Schedule Maintenance on a managed property: say what needs doing, then go straight on to offering it to
 * contractors for a date. Closing the offer leaves the job pending on the Maintenance tab, to offer later.
 */
export function ScheduleMaintenanceButton({
  propertyId,
  propertyName,
  size = "sm",
  variant = "outline",
}: {
  propertyId: number;
  propertyName: string;
  size?: ButtonProps["size"];
  variant?: ButtonProps["variant"];
}) {
  const [reporting, setReporting] = useState(false);
  const [job, setJob] = useState<TMaintenanceJobDetail | null>(null);
  return (
    <>
      <Button variant={variant} size={size} onClick={() => setReporting(true)}>
        <CalendarPlus aria-hidden="true" />
        Schedule Maintenance<span className="sr-only">: {propertyName}</span>
      </Button>
      <ReportProblemDialog
        target={{ propertyId }}
        placeName={propertyName}
        open={reporting}
        onOpenChange={setReporting}
        onReported={(reported) => {
          if ((reported.actions as string[]).includes("offer")) setJob(reported);
        }}
      />
      {job ? (
        <OfferJobDialog
          job={job}
          open
          onOpenChange={(open) => {
            if (!open) setJob(null);
          }}
        />
      ) : null}
    </>
  );
}
