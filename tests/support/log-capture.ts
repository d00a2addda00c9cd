import { Writable } from "node:stream";

/**
 * A place for the app's log to go in a test: each JSON line the app writes, parsed, in `lines`, and the whole
 * output as written in `text()`, so a test can look for what must never be logged.
 */
export function logCapture() {
  const lines: Array<Record<string, unknown>> = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _encoding, done) {
      raw.push(String(chunk));
      for (const line of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(line));
      done();
    },
  });
  return { stream, lines, text: () => raw.join("") };
}
