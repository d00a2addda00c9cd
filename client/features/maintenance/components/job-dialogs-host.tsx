import type { TMaintenanceJob } from "@common/schemas/maintenance";
import type * as React from "react";
import { useMemo, useState } from "react";
import type { JobActionName } from "../api/maintenance-api";
import { JobActionDialog } from "./job-action-button";
import { JobDetailsDialog } from "./job-details-dialog";
import { type JobDialogs, JobDialogsContext, type JobDone } from "./job-dialogs-context";

type OpenAction = {
  job: TMaintenanceJob;
  action: JobActionName;
  onDone?: JobDone | undefined;
  quiet?: boolean | undefined;
};

/**
 * Keeps the dialogs of the jobs listed inside it: the details dialog and an action's form stay open while the job
 * moves from one list to another under them.
 */
export function JobDialogsHost({ children }: { children: React.ReactNode }) {
  const [details, setDetails] = useState<TMaintenanceJob | null>(null);
  const [action, setAction] = useState<OpenAction | null>(null);
  const host = useMemo<JobDialogs>(
    () => ({
      openDetails: (job) => setDetails(job),
      openAction: (job, name, after) => setAction({ job, action: name, ...after }),
    }),
    [],
  );
  return (
    <JobDialogsContext.Provider value={host}>
      {children}
      {details ? (
        <JobDetailsDialog
          key={details.id}
          job={details}
          open
          onOpenChange={(open) => {
            if (!open) setDetails(null);
          }}
        />
      ) : null}
      {action ? (
        <JobActionDialog
          key={`${action.job.id}-${action.action}`}
          job={action.job}
          action={action.action}
          open
          onOpenChange={(open) => {
            if (!open) setAction(null);
          }}
          onDone={action.onDone}
          quiet={action.quiet}
        />
      ) : null}
    </JobDialogsContext.Provider>
  );
}
