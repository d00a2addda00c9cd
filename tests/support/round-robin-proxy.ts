import http from "node:http";
import type { AddressInfo } from "node:net";

export type RoundRobinProxy = { baseUrl: string; served: number[]; close: () => Promise<void> };

/**
 * A small load balancer for tests: each request goes to the next of `targets` in turn, as the bytes came, and the
 * answer comes back as it was. `served[i]` counts what target i answered.
 */
export async function startRoundRobinProxy(targets: string[]): Promise<RoundRobinProxy> {
  const served = targets.map(() => 0);
  let next = 0;
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const proxy = http.createServer((incoming, outgoing) => {
    const index = next;
    next = (next + 1) % targets.length;
    const target = new URL(targets[index] as string);
    const forwarded = http.request(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: incoming.headers,
        agent,
      },
      (answer) => {
        served[index] = (served[index] ?? 0) + 1;
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => {
      outgoing.writeHead(502).end();
    });
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  const { port } = proxy.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    served,
    close: async () => {
      agent.destroy();
      proxy.closeAllConnections();
      await new Promise<void>((resolve) => proxy.close(() => resolve()));
    },
  };
}
