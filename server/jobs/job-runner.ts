import { EventEmitter } from "node:events";
import type { FastifyBaseLogger } from "fastify";

/** Every finished run of a recurring job in this process: `run` with { job, outcome } (the metrics count them). */
export const jobEvents = new EventEmitter();

export type JobRunner = { stop: () => Promise<void> };

export type RecurringJob = {
  /** Named in the server log and in System Logs (job.failed). */
  name: string;
  /** Seconds between runs; 0 switches the job off. */
  everySeconds: number;
  /** The first run comes this many seconds after start (0: at once). */
  firstRunAfterSeconds: number;
  run: () => Promise<void>;
};

/** Writes job.failed for a run that threw (AuditLogsService.recordJobFailure). */
export type JobFailureRecorder = { recordJobFailure: (jobName: string, error: unknown) => Promise<void> };

/**
 * Runs a job inside the app every `everySeconds`. A run that overlaps the previous one on this instance is
 * skipped; a run that throws is logged and recorded in System Logs, and the job tries again at its next run.
 * The jobs themselves are single conditional statements, so several app instances can run them side by side.
 */
export function startRecurringJob(job: RecurringJob, log: FastifyBaseLogger, failures: JobFailureRecorder): JobRunner {
  if (job.everySeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = job
      .run()
      .then(() => {
        jobEvents.emit("run", { job: job.name, outcome: "ok" });
      })
      .catch(async (error: unknown) => {
        jobEvents.emit("run", { job: job.name, outcome: "failed" });
        log.error({ err: error, job: job.name }, `${job.name} failed; trying again at the next run`);
        // The database may be what failed: a job.failed entry that cannot be written is only logged.
        await failures
          .recordJobFailure(job.name, error)
          .catch((auditError: unknown) =>
            log.error({ err: auditError, job: job.name }, "the failed job could not be recorded in System Logs"),
          );
      })
      .finally(() => {
        running = undefined;
      });
  };
  const interval = setInterval(tick, job.everySeconds * 1000);
  interval.unref();
  let first: NodeJS.Timeout | undefined;
  if (job.firstRunAfterSeconds <= 0) tick();
  else {
    first = setTimeout(tick, job.firstRunAfterSeconds * 1000);
    first.unref();
  }
  return {
    stop: async () => {
      clearTimeout(first);
      clearInterval(interval);
      await running;
    },
  };
}
