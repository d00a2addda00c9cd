import { readFileSync } from "node:fs";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { ChangeFeed } from "../db/change-feed";
import { PreparedJson, sendPreparedJson } from "../lib/prepared-json";
import { fromRoot } from "../lib/project-root";

/** Whether this instance still takes new work: false from the moment it is told to stop. */
export type Lifecycle = { draining: boolean };

const ZCheck = z.enum(["up", "down", "applied", "behind", "listening", "lost", "not used"]);
const ZReadiness = z.object({
  status: z.enum(["ready", "unavailable"]),
  checks: z.object({ database: ZCheck, migrations: ZCheck, changeFeed: ZCheck }),
  message: z.string().optional(),
});

/** The whole answer of /healthz, as sent: a probe hit many times a second costs no serializing or compressing. */
const ALIVE = new PreparedJson(JSON.stringify({ status: "ok" }));

/** A database that does not answer in this long counts as down: a probe must not hang with it. */
const DATABASE_TIMEOUT_MS = 2_000;

/** When the newest migration bundled with this build was written (drizzle's own journal). */
function newestMigrationMillis(): number {
  const journal = JSON.parse(readFileSync(fromRoot("drizzle/meta/_journal.json"), "utf8")) as {
    entries: Array<{ when: number }>;
  };
  return Math.max(...journal.entries.map((entry) => entry.when));
}

/**
 * GET /healthz: the process is alive and answering (for a restart policy: it does not touch the database,
 * so a database outage does not restart every instance).
 * GET /readyz: this instance should be sent traffic: the database answers, it has every migration this build
 * expects, the change feed that keeps caches honest is listening, and the instance is not shutting down.
 */
const healthRoutes: FastifyPluginAsyncZod<{ changeFeed?: ChangeFeed; lifecycle: Lifecycle }> = async (
  app,
  { changeFeed, lifecycle },
) => {
  const expectedMigration = newestMigrationMillis();

  app.get(
    "/healthz",
    {
      schema: { response: { 200: z.object({ status: z.literal("ok") }) } },
      logLevel: "warn",
      compress: false,
    },
    // Prepared bytes skip the serializer (the 200 schema above still documents them), and are sent again before
    // Fastify: a probe must not cost what a page does.
    async (request, reply) => {
      app.earlyAnswers.keep(request.url, { route: "/healthz", body: ALIVE, headers: {}, current: () => true });
      return sendPreparedJson(request, reply, ALIVE);
    },
  );

  app.get(
    "/readyz",
    { schema: { response: { 200: ZReadiness, 503: ZReadiness } }, logLevel: "warn" },
    async (_request, reply) => {
      let database: z.infer<typeof ZCheck> = "down";
      let migrations: z.infer<typeof ZCheck> = "behind";
      try {
        const result = await withTimeout(
          app.db.$client.query<{ newest: string | null }>(
            "select max(created_at)::text as newest from drizzle.__drizzle_migrations",
          ),
          DATABASE_TIMEOUT_MS,
        );
        database = "up";
        if (Number(result.rows[0]?.newest ?? 0) >= expectedMigration) migrations = "applied";
      } catch {
        // Down, or not migrated at all (no migrations table): both leave the checks as they are.
      }
      const checks = {
        database,
        migrations,
        changeFeed: !changeFeed
          ? ("not used" as const)
          : changeFeed.connected
            ? ("listening" as const)
            : ("lost" as const),
      };
      const problems = [
        lifecycle.draining && "the instance is shutting down",
        database === "down" && "the database is unreachable",
        database === "up" && migrations === "behind" && "the database is missing migrations this build needs",
        checks.changeFeed === "lost" && "the database's change notifications are not being received",
      ].filter((problem): problem is string => typeof problem === "string");
      if (problems.length === 0) return { status: "ready" as const, checks };
      return reply.code(503).send({ status: "unavailable" as const, checks, message: capitalise(problems.join("; ")) });
    },
  );
};

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

export default healthRoutes;
