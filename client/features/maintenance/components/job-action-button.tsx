import { type TMaintenanceJob, ZReasonBody } from "@common/schemas/maintenance";
import {
  Ban,
  CalendarCheck,
  CalendarClock,
  Check,
  CircleCheckBig,
  CircleOff,
  ClipboardList,
  HandCoins,
  type LucideIcon,
  PowerOff,
  Send,
  Undo2,
  X,
} from "lucide-react";
import { useState } from "react";
import { Button, type ButtonProps } from "@/components/ui/button";
import { ReasonDialog } from "@/components/ui/reason-dialog";
import { toast } from "@/components/ui/use-toast";
import { type JobActionName, useJobAction } from "../api/maintenance-api";
import { JOB_ACTION_LABELS } from "../utils/job-rules";
import { ConfirmActionDialog, PropertyOfflineDialog, TriageDialog } from "./coordinator-dialogs";
import { type JobDone, useJobDialogs } from "./job-dialogs-context";
import { OfferJobDialog } from "./offer-job-dialog";
import { ProposeDateDialog, RescheduleJobDialog } from "./schedule-dialogs";
import { type ActionDialogProps, jobSummary } from "./use-action-form";
import { CompleteJobDialog, ProgressDialog } from "./work-dialogs";

const ICONS: Record<JobActionName, LucideIcon> = {
  accept: Check,
  decline_offer: X,
  update_progress: ClipboardList,
  complete: CircleCheckBig,
  propose_date: CalendarClock,
  offer: Send,
  accept_proposed_date: CalendarCheck,
  reschedule: CalendarClock,
  triage: ClipboardList,
  mark_paid: HandCoins,
  property_maintenance: PowerOff,
  withdraw_report: Undo2,
  decline_report: CircleOff,
  cancel: Ban,
};

/** The step that moves a job on is the filled button; the rest are outlined. */
const PRIMARY: ReadonlySet<JobActionName> = new Set([
  "accept",
  "complete",
  "offer",
  "accept_proposed_date",
  "mark_paid",
]);

/** The three steps that need a reason, each checked by the server's own rule (ZReasonBody). */
const REASONED = {
  decline_offer: {
    title: "Decline this job?",
    text: "The job goes back to whoever runs it, who can offer it to someone else. Your reason is passed on.",
    label: "Why you can't take it",
    confirm: "Decline job",
    pending: "Declining…",
    keep: "Keep offer",
    done: "Job declined",
    doneText: (job: TMaintenanceJob) => `${job.reference} is declined; it leaves your list.`,
  },
  decline_report: {
    title: "Decline this report?",
    text: "The report is closed without work. Whoever reported it sees it declined, with your reason.",
    label: "Reason",
    confirm: "Decline report",
    pending: "Declining…",
    keep: "Keep report",
    done: "Report declined",
    doneText: (job: TMaintenanceJob) => `${job.reference} is declined.`,
  },
  cancel: {
    title: "Cancel this job?",
    text: "The job is called off: open offers are withdrawn, the contractor is told, and nights blocked for the work open again.",
    label: "Reason",
    confirm: "Cancel job",
    pending: "Cancelling…",
    keep: "Keep job",
    done: "Job cancelled",
    doneText: (job: TMaintenanceJob) => `${job.reference} is cancelled.`,
  },
} as const;

function ReasonActionDialog({
  job,
  action,
  open,
  onOpenChange,
  onDone,
  quiet,
}: ActionDialogProps & { action: keyof typeof REASONED }) {
  const mutation = useJobAction(job.id);
  const look = REASONED[action];
  return (
    <ReasonDialog
      open={open}
      onOpenChange={onOpenChange}
      title={look.title}
      description={
        <>
          {jobSummary(job)}.<span className="mt-2 block">{look.text}</span>
        </>
      }
      reasonLabel={look.label}
      confirmLabel={look.confirm}
      pendingLabel={look.pending}
      dismissLabel={look.keep}
      schema={ZReasonBody}
      onConfirm={async (reason) => {
        const updated = await mutation.mutateAsync({ action, body: { reason } });
        const outcome = { title: look.done, description: look.doneText(job) };
        if (!quiet) toast(outcome);
        onDone?.(updated, outcome);
      }}
    />
  );
}

/** The dialog of an action, open or not; the button that opens it is the caller's. */
export function JobActionDialog({ action, ...props }: ActionDialogProps & { action: JobActionName }) {
  switch (action) {
    case "decline_offer":
    case "decline_report":
    case "cancel":
      return <ReasonActionDialog action={action} {...props} />;
    case "offer":
      return <OfferJobDialog {...props} />;
    case "reschedule":
      return <RescheduleJobDialog {...props} />;
    case "propose_date":
      return <ProposeDateDialog {...props} />;
    case "update_progress":
      return <ProgressDialog {...props} />;
    case "complete":
      return <CompleteJobDialog {...props} />;
    case "triage":
      return <TriageDialog {...props} />;
    case "property_maintenance":
      return <PropertyOfflineDialog {...props} />;
    case "accept":
    case "accept_proposed_date":
    case "mark_paid":
    case "withdraw_report":
      return <ConfirmActionDialog action={action} {...props} />;
  }
}

/**
 * One action on a job as a button that opens its form. Only actions the server listed in `job.actions` are offered
 * (the caller picks them from there), so every button shown works for this viewer.
 */
export function JobActionButton({
  job,
  action,
  size = "sm",
  onDone,
  quiet,
}: {
  job: TMaintenanceJob;
  action: JobActionName;
  size?: ButtonProps["size"];
  onDone?: JobDone | undefined;
  /** `onDone` says what happened, so no toast. */
  quiet?: boolean;
}) {
  const [open, setOpen] = useState(false);
  const host = useJobDialogs();
  const Icon = ICONS[action];
  return (
    <>
      <Button
        variant={PRIMARY.has(action) ? "default" : "outline"}
        size={size}
        onClick={() => (host ? host.openAction(job, action, { onDone, quiet }) : setOpen(true))}
      >
        <Icon aria-hidden="true" />
        {JOB_ACTION_LABELS[action]}
        <span className="sr-only">: {job.reference}</span>
      </Button>
      {host ? null : (
        <JobActionDialog action={action} job={job} open={open} onOpenChange={setOpen} onDone={onDone} quiet={quiet} />
      )}
    </>
  );
}
