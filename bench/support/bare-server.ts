/**
 * The ceiling for a benchmark: a plain node:http server (no framework, no hooks, no logging) that answers
 * each path with the status, headers and body the real app sent for it, recorded beforehand. Requests
 * with an Accept-Encoding header get the answer recorded with the browser's header, others the plain one.
 *   node --import tsx bench/support/bare-server.ts <answers.json> <port>
 * Prints "listening <port>" when ready.
 */
import { readFileSync } from "node:fs";
import http from "node:http";

export type RecordedAnswer = { status: number; headers: Record<string, string>; body: string /* base64 */ };
/** Per path: the answer without Accept-Encoding, and the one to a browser's Accept-Encoding. */
export type RecordedAnswers = Record<string, { plain: RecordedAnswer; encoded: RecordedAnswer }>;

type Ready = { status: number; headers: Record<string, string>; body: Buffer };
const ready = (answer: RecordedAnswer): Ready => ({ ...answer, body: Buffer.from(answer.body, "base64") });

const [file, port = "0"] = process.argv.slice(2);
if (!file) throw new Error("usage: bare-server.ts <answers.json> [port]");
const recorded = JSON.parse(readFileSync(file, "utf8")) as RecordedAnswers;
const answers = new Map(
  Object.entries(recorded).map(([path, a]) => [path, { plain: ready(a.plain), encoded: ready(a.encoded) }]),
);

const server = http.createServer((request, response) => {
  const answer = answers.get(request.url ?? "");
  if (!answer) {
    response.writeHead(404).end();
    return;
  }
  const { status, headers, body } = request.headers["accept-encoding"] ? answer.encoded : answer.plain;
  response.writeHead(status, headers);
  response.end(body);
});
server.listen(Number(port), "127.0.0.1", () => {
  const address = server.address();
  process.stdout.write(`listening ${typeof address === "object" && address ? address.port : port}\n`);
});
const stop = () => server.close(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
