import type { TMaintenanceJob } from "@common/schemas/maintenance";
import { useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { serverMessageOf } from "@/lib/error-message";
import { type JobActionRequest, useJobAction } from "../api/maintenance-api";
import type { JobDone } from "./job-dialogs-context";

/** What every action dialog is given: the job, whether it is open, and what to do once the action is done. */
export type ActionDialogProps = {
  job: TMaintenanceJob;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** Then: the job as it is now (null when the viewer no longer sees it, after declining an offer). */
  onDone?: JobDone | undefined;
  /** The caller says what happened (the job's dialog, whose page toasts are hidden behind it): no toast. */
  quiet?: boolean | undefined;
};

/**
 * Sends one action and says how it went: on success a toast and the dialog closes; a refusal stays in the dialog
 * with the server's words (a 409 with the next free window, a job someone else just took).
 */
export function useActionForm({ job, onOpenChange, onDone, quiet }: Omit<ActionDialogProps, "open">) {
  const mutation = useJobAction(job.id);
  const [failure, setFailure] = useState<string | null>(null);

  async function send(request: JobActionRequest, done: { title: string; description: string }) {
    setFailure(null);
    try {
      const updated = await mutation.mutateAsync(request);
      if (!quiet) toast(done);
      onDone?.(updated, done);
      onOpenChange(false);
    } catch (error) {
      setFailure(serverMessageOf(error, "That did not work. Please check your connection and try again."));
    }
  }

  return { send, failure, busy: mutation.isPending };
}

/** Sends an action from its form, and what the form shows meanwhile and after a refusal. */
export type ActionSender = ReturnType<typeof useActionForm>;

/** "MJ-000042 · Leaking tap at Riverside Loft", the line each action dialog opens with. */
export function jobSummary(job: Pick<TMaintenanceJob, "reference" | "issue" | "propertyName">): string {
  return `${job.reference} · ${job.issue} at ${job.propertyName}`;
}
