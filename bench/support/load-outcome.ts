import type autocannon from "autocannon";

/**
 * The figures every benchmark reports from one autocannon run: throughput, latency and what went wrong
 * (non-2xx answers, and errors with timeouts). `decimals` rounds the requests per second.
 */
export function loadOutcome(result: autocannon.Result, decimals = 0) {
  const scale = 10 ** decimals;
  return {
    requestsPerSecond: Math.round(result.requests.average * scale) / scale,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors + result.timeouts,
  };
}

export type LoadOutcome = ReturnType<typeof loadOutcome>;
