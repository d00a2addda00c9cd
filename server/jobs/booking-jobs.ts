import type { FastifyBaseLogger } from "fastify";
import type { BookingLifecycleService } from "../services/booking-lifecycle.service";

export type JobRunner = { stop: () => Promise<void> };

/**
 * Runs the booking jobs (release lapsed holds, complete finished stays) every `intervalSeconds`
 * inside the app. Each job is one conditional UPDATE, so two app instances on one database never
 * change a booking twice; a run that overlaps the previous one on this instance is skipped.
 */
export function startBookingJobs(
  lifecycle: BookingLifecycleService,
  log: FastifyBaseLogger,
  intervalSeconds: number,
): JobRunner {
  if (intervalSeconds <= 0) return { stop: async () => {} };
  let running: Promise<void> | undefined;
  const tick = () => {
    if (running) return;
    running = lifecycle
      .runJobs()
      .then(({ expired, completed }) => {
        if (expired.length + completed.length > 0) log.info({ expired, completed }, "booking jobs changed bookings");
      })
      .catch((error) => log.error({ err: error }, "booking jobs failed; trying again at the next run"))
      .finally(() => {
        running = undefined;
      });
  };
  const timer = setInterval(tick, intervalSeconds * 1000);
  timer.unref();
  tick();
  return {
    stop: async () => {
      clearInterval(timer);
      await running;
    },
  };
}
