import type { FastifyBaseLogger } from "fastify";
import type { BookingLifecycleService } from "../services/booking-lifecycle/booking-lifecycle.service";
import { type JobFailureRecorder, type JobRunner, startRecurringJob } from "./job-runner";

/** The booking jobs' name in the server log and in System Logs. */
export const BOOKING_JOBS = "booking-lifecycle";

/**
 * Runs the booking jobs (release lapsed holds, complete finished stays) every `intervalSeconds`, from start.
 * Each job is one conditional UPDATE, so two app instances on one database never change a booking twice.
 */
export function startBookingJobs(
  lifecycle: Pick<BookingLifecycleService, "runJobs">,
  failures: JobFailureRecorder,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): JobRunner {
  return startRecurringJob(
    {
      name: BOOKING_JOBS,
      everySeconds: intervalSeconds,
      firstRunAfterSeconds: 0,
      run: async () => {
        const { expired, completed } = await lifecycle.runJobs();
        if (expired.length + completed.length > 0) log.info({ expired, completed }, "booking jobs changed bookings");
      },
    },
    log,
    failures,
  );
}
