import { MAINTENANCE_PRIORITY_LABELS } from "@common/domain/maintenance";
import type { TMaintenanceJob } from "@common/schemas/maintenance";
import { Badge } from "@/components/ui/badge";
import { JOB_PRIORITY_CLASSES, JOB_STATUS_CLASSES, jobStatusLabel } from "../utils/job-rules";

/** A job's status as the dashboards display it: an urgent job nobody has taken yet reads "Urgent". */
export function JobStatusBadge({ job }: { job: Pick<TMaintenanceJob, "displayStatus"> }) {
  return <Badge className={JOB_STATUS_CLASSES[job.displayStatus]}>{jobStatusLabel(job.displayStatus)}</Badge>;
}

/** "High priority": the word is there for those who cannot tell the colours apart. */
export function JobPriorityBadge({ job }: { job: Pick<TMaintenanceJob, "priority"> }) {
  return (
    <Badge className={JOB_PRIORITY_CLASSES[job.priority]}>{MAINTENANCE_PRIORITY_LABELS[job.priority]} priority</Badge>
  );
}
