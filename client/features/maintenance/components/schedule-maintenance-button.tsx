import type { TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { CalendarPlus } from "lucide-react";
import { useRef, useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
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
  // Closing the offer unsent still leaves a reported job: say so then (an offer says it was offered).
  const offered = useRef(false);
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
        quiet
        onReported={(reported) => {
          if ((reported.actions as string[]).includes("offer")) setJob(reported);
          else toast({ title: "Problem reported", description: `${reported.reference}: ${reported.issue}.` });
        }}
      />
      {job ? (
        <OfferJobDialog
          job={job}
          lead={`Reported as ${job.reference}.`}
          open
          onOpenChange={(open) => {
            if (open) return;
            setJob(null);
            if (!offered.current) {
              toast({
                title: "Problem reported",
                description: `${job.reference} is on the Maintenance tab, to offer to contractors later.`,
              });
            }
            offered.current = false;
          }}
          onDone={() => {
            offered.current = true;
          }}
        />
      ) : null}
    </>
  );
}
