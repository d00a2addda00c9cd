import { readdirSync, readFileSync } from "node:fs";

/**
 * CPU time used so far, in milliseconds, by the app's process, the PostgreSQL server whose cluster folder is
 * `clusterDir` (its postmaster and every backend it started) and this process (the load generator), read from /proc.
 * On a machine shared with other work, requests per second fall with the machine's load, but the CPU each request
 * costs moves much less: the two readings of a run, divided by its requests, say where a request's time goes.
 * Zeros where /proc cannot be read (not Linux).
 */
export type ProcessCpu = { app: number; database: number; loadGenerator: number };

export function processCpu(appPid: number | undefined, clusterDir: string): ProcessCpu {
  const cpu: ProcessCpu = { app: 0, database: 0, loadGenerator: 0 };
  let pids: string[];
  try {
    pids = readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return cpu;
  }
  const processes = pids.flatMap((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      // The fields after the command's name (which may hold spaces) in brackets: state, ppid, …, utime, stime.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      const cmdline = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      const ticks = Number(fields[11]) + Number(fields[12]);
      return [{ pid: Number(pid), ppid: Number(fields[1]), ticks, cmdline }];
    } catch {
      return [];
    }
  });
  const postmaster = processes.find((p) => p.cmdline.includes(clusterDir) && p.cmdline.includes("postgres"));
  // Linux counts CPU time in ticks of 1/100 s (USER_HZ).
  const ms = (ticks: number) => ticks * 10;
  for (const p of processes) {
    if (p.pid === appPid) cpu.app += ms(p.ticks);
    else if (p.pid === process.pid) cpu.loadGenerator += ms(p.ticks);
    else if (postmaster && (p.pid === postmaster.pid || p.ppid === postmaster.pid)) cpu.database += ms(p.ticks);
  }
  return cpu;
}

/** The CPU each of `count` requests cost between two readings, in milliseconds to one decimal. */
export function cpuPerRequest(before: ProcessCpu, after: ProcessCpu, count: number): ProcessCpu {
  const per = (key: keyof ProcessCpu) => Math.round(((after[key] - before[key]) / Math.max(1, count)) * 10) / 10;
  return { app: per("app"), database: per("database"), loadGenerator: per("loadGenerator") };
}
