import http from "node:http";

export type LoopOutcome = {
  requests: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  /** Answers other than 2xx, and connection errors. */
  failures: number;
};

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : (sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0);
const round1 = (n: number) => Math.round(n * 10) / 10;

/**
 * A closed-loop load: `connections` clients, each sending the next GET as soon as the last answer arrived, for
 * `seconds`. Every latency is kept, so the percentiles are exact (autocannon reports no 95th percentile).
 */
export async function closedLoop(
  url: string,
  options: { connections: number; seconds: number; headers?: Record<string, string> },
): Promise<LoopOutcome> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: options.connections });
  const latencies: number[] = [];
  let failures = 0;
  const until = performance.now() + options.seconds * 1000;
  const once = () =>
    new Promise<void>((resolve) => {
      const started = performance.now();
      const request = http.get(url, { agent, headers: options.headers }, (response) => {
        response.resume();
        response.on("end", () => {
          latencies.push(performance.now() - started);
          if ((response.statusCode ?? 0) >= 300) failures += 1;
          resolve();
        });
      });
      request.on("error", () => {
        failures += 1;
        resolve();
      });
    });
  const client = async () => {
    while (performance.now() < until) await once();
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: options.connections }, client));
  const elapsed = (performance.now() - started) / 1000;
  agent.destroy();
  const sorted = [...latencies].sort((a, b) => a - b);
  return {
    requests: latencies.length,
    requestsPerSecond: round1(latencies.length / elapsed),
    p50: round1(percentile(sorted, 50)),
    p95: round1(percentile(sorted, 95)),
    p99: round1(percentile(sorted, 99)),
    max: round1(sorted.at(-1) ?? 0),
    failures,
  };
}
