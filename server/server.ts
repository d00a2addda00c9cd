import { buildApp } from "./app";
import { loadConfig } from "./config/env";
import { ChangeFeed } from "./db/change-feed";
import { connectDatabase } from "./db/connect";
import { seedDemoData } from "./db/seed";
import { startArrivalReminders } from "./jobs/arrival-reminders";
import { startAuditLogPruning } from "./jobs/audit-log-prune";
import { startBookingJobs } from "./jobs/booking-jobs";
import { startCalendarSyncPoll } from "./jobs/calendar-sync-poll";
import { startCertificateReminders } from "./jobs/certificate-reminders";
import { startDepositReminders } from "./jobs/deposit-reminders";
import type { JobRunner } from "./jobs/job-runner";
import { startLoginAttemptPruning } from "./jobs/login-attempts-prune";
import { startOutboxPruning } from "./jobs/outbox-prune";
import { startPayoutTransfers, startReconciliation } from "./jobs/payout-transfers";
import { startPetRequestReminders } from "./jobs/pet-request-reminders";
import { startPhotoUploadSweep } from "./jobs/photo-upload-sweep";
import { startRateLimitPruning } from "./jobs/rate-limit-prune";
import { startRentCollection } from "./jobs/rent-collection";
import { startSecurityDepositHolds } from "./jobs/security-deposit-holds";
import { ServerKeys } from "./lib/server-keys";
import { createPhotoStore } from "./services/photos/create-photo-store";

/**
 * `npm start`: database (embedded unless DATABASE_URL), migrations, demo data on first start, then
 * HTTP. SIGINT/SIGTERM turn /readyz away for SHUTDOWN_DRAIN_SECONDS, stop taking requests, let in-flight
 * ones, running jobs and the outbox's batch in hand finish, then stop the database.
 */
async function main(): Promise<void> {
  try {
    process.loadEnvFile?.(".env");
  } catch {
    // No .env: the environment alone configures the app.
  }
  const config = loadConfig();
  const started = Date.now();
  const say = (message: string) => process.stdout.write(`${message}\n`);
  if (config.devOutboxRefused) {
    say(
      `The dev outbox stays off: PUBLIC_URL (${config.publicUrl}) is not this machine, and the outbox would show ` +
        "everyone's verification links and codes. Set SMTP_URL and SMS_WEBHOOK_URL to send messages.",
    );
  }

  const database = await connectDatabase(config, (m) => process.stderr.write(`[postgres] ${m}\n`));
  if (config.seedDemoData) {
    const result = await seedDemoData(database.db, { serverKeys: new ServerKeys(database.db, config.SERVER_KEY) });
    if (result.seeded)
      say(`Seeded demo data: ${result.properties} properties, ${result.users} people, ${result.bookings} bookings`);
  }

  const changeFeed = new ChangeFeed(database.url);
  await changeFeed.start();
  await (await createPhotoStore(config)).prepare();
  const app = await buildApp({ config, db: database.db, changeFeed });

  let jobs: JobRunner[] = [];
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, "shutting down");
    const forced = setTimeout(() => process.exit(1), (config.SHUTDOWN_DRAIN_SECONDS + 15) * 1000);
    forced.unref();
    // /readyz now answers 503; a load balancer polling it stops sending requests during the drain, and
    // those already sent are still served. Then the listener closes and in-flight requests finish.
    app.lifecycle.draining = true;
    await new Promise((resolve) => setTimeout(resolve, config.SHUTDOWN_DRAIN_SECONDS * 1000));
    await Promise.all(jobs.map((job) => job.stop()));
    await app.close().catch((error) => app.log.error(error));
    await changeFeed.stop();
    await database.close();
    process.exit(0);
  };
  process.on("SIGINT", () => void shutdown("SIGINT"));
  process.on("SIGTERM", () => void shutdown("SIGTERM"));

  await app.listen({ port: config.PORT, host: config.HOST });
  jobs = [
    startBookingJobs(
      app.services.bookingLifecycle,
      app.services.auditLogs,
      app.log,
      config.BOOKING_JOBS_INTERVAL_SECONDS,
    ),
    startAuditLogPruning(app.services.auditLogs, app.log, { retentionDays: config.AUDIT_LOG_RETENTION_DAYS }),
    startRateLimitPruning(database.db, app.services.auditLogs, app.log),
    startOutboxPruning(database.db, app.services.auditLogs, app.log),
    startLoginAttemptPruning(database.db, app.services.auditLogs, app.log),
    startPhotoUploadSweep(app.services.photoUploads, app.services.auditLogs, app.log),
    startCalendarSyncPoll(app.services.calendarSync, app.services.auditLogs, app.log, config.ICAL_SYNC_MINUTES),
    startArrivalReminders(app.services.arrivalReminders, app.services.auditLogs, app.log),
    startCertificateReminders(app.services.certificateReminders, app.services.auditLogs, app.log),
    startDepositReminders(app.services.tenancyDeposits, app.services.auditLogs, app.log),
    startPetRequestReminders(app.services.tenancyRights.petRequests, app.services.auditLogs, app.log),
    startPayoutTransfers(
      app.services.payoutTransfers,
      app.services.auditLogs,
      app.log,
      config.PAYOUT_TRANSFERS_INTERVAL_SECONDS,
    ),
    startReconciliation(app.services.reconciliation, app.services.auditLogs, app.log),
    startRentCollection(app.services.tenancies, app.services.auditLogs, app.log),
    startSecurityDepositHolds(app.services.securityDepositHolds, app.services.auditLogs, app.log),
  ];
  const where = database.embedded ? `embedded PostgreSQL in ${config.dataDir}` : "DATABASE_URL";
  say(`StayLondon is ready on http://localhost:${config.PORT} (database: ${where}, ${Date.now() - started} ms)`);
}

main().catch((error) => {
  process.stderr.write(`StayLondon could not start: ${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
