import type { TMaintenanceJob, TMaintenanceJobDetail } from "@common/schemas/maintenance";
import { createContext, useContext } from "react";
import type { JobActionName } from "../api/maintenance-api";

/**
 * Opens a job's dialogs from a list. A job often leaves the list it was opened from the moment it changes (an
 * accepted offer moves to Scheduled, a started job to Active Jobs); its dialogs are kept above the list so they stay
 * open, showing the job as it is now or the server's refusal.
 */
/** After an action: the job as it is now (null when the viewer no longer sees it) and what the toast said. */
export type JobDone = (job: TMaintenanceJobDetail | null, outcome: { title: string; description: string }) => void;

export type JobDialogs = {
  openDetails: (job: TMaintenanceJob) => void;
  openAction: (
    job: TMaintenanceJob,
    action: JobActionName,
    after?: { onDone?: JobDone | undefined; quiet?: boolean | undefined },
  ) => void;
};

export const JobDialogsContext = createContext<JobDialogs | null>(null);

/** The host above this list, if there is one; without it, each button keeps its own dialog. */
export function useJobDialogs(): JobDialogs | null {
  return useContext(JobDialogsContext);
}
