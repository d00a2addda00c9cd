import type { FastifyBaseLogger } from "fastify";
import type { AuditLogsService } from "../services/audit-logs.service";
import type { PhotoUploadsService } from "../services/photo-uploads.service";
import { type JobRunner, startRecurringJob } from "./job-runner";

/**
 * Every quarter hour: removes uploads abandoned for over an hour (a closed tab, a failed completion, a crash) from
 * the photo store, and tickets long expired. Deletes only what is old, so several app instances may run it at once.
 */
export function startPhotoUploadSweep(
  photoUploads: Pick<PhotoUploadsService, "sweep">,
  auditLogs: Pick<AuditLogsService, "recordJobFailure">,
  log: FastifyBaseLogger,
): JobRunner {
  return startRecurringJob(
    {
      name: "photo-upload-sweep",
      everySeconds: 900,
      firstRunAfterSeconds: 60,
      run: async () => {
        const removed = await photoUploads.sweep();
        if (removed.files > 0) log.info(removed, "abandoned photo uploads removed");
      },
    },
    log,
    auditLogs,
  );
}
