import http from "node:http";
import type { AddressInfo } from "node:net";

/**
 * A stand-in for another booking site: a local HTTP server whose answers a test sets per path. A feed can be an
 * .ics body, an HTTP status, a redirect, a body that never comes (to hit the fetch timeout) or one that streams on
 * past any size limit.
 */
export type FeedAnswer =
  /** With validators, a request that names them (If-None-Match, If-Modified-Since) gets a 304 and no body. */
  | { body: string; contentType?: string; etag?: string; lastModified?: string }
  | { status: number }
  | { redirect: string }
  | { hang: true }
  | { endlessBytes: true };

export type FeedServer = {
  baseUrl: string;
  /** The address of `path` on this server. */
  url: (path: string) => string;
  set: (path: string, answer: FeedAnswer) => void;
  /** How many requests each path has had. */
  hits: Map<string, number>;
  /** The headers of each path's latest request, and whether it was answered 304. */
  last: Map<string, { headers: http.IncomingHttpHeaders; notModified: boolean }>;
  close: () => Promise<void>;
};

export async function startFeedServer(): Promise<FeedServer> {
  const answers = new Map<string, FeedAnswer>();
  const hits = new Map<string, number>();
  const last = new Map<string, { headers: http.IncomingHttpHeaders; notModified: boolean }>();
  const open = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const path = new URL(request.url ?? "/", "http://feeds.test").pathname;
    hits.set(path, (hits.get(path) ?? 0) + 1);
    const answer = answers.get(path);
    if (!answer) {
      response.writeHead(404).end("not here");
      return;
    }
    if ("body" in answer) {
      const validators = {
        ...(answer.etag ? { etag: answer.etag } : {}),
        ...(answer.lastModified ? { "last-modified": answer.lastModified } : {}),
      };
      const notModified =
        (answer.etag !== undefined && request.headers["if-none-match"] === answer.etag) ||
        (answer.lastModified !== undefined && request.headers["if-modified-since"] === answer.lastModified);
      last.set(path, { headers: request.headers, notModified });
      if (notModified) {
        response.writeHead(304, validators).end();
        return;
      }
      response
        .writeHead(200, { "content-type": answer.contentType ?? "text/calendar; charset=utf-8", ...validators })
        .end(answer.body);
    } else if ("status" in answer) {
      response.writeHead(answer.status).end();
    } else if ("redirect" in answer) {
      response.writeHead(302, { location: answer.redirect }).end();
    } else if ("hang" in answer) {
      // Headers and no body, for ever: only the reader's deadline ends it.
      open.add(response);
      response.writeHead(200, { "content-type": "text/calendar" });
      response.write("BEGIN:VCALENDAR\r\n");
    } else {
      // Keeps writing (no length announced) until the reader hangs up.
      open.add(response);
      response.writeHead(200, { "content-type": "text/calendar" });
      const line = `X-FILLER:${"x".repeat(1000)}\r\n`;
      const pump = () => {
        while (!response.destroyed && response.write(line)) {
          /* until the socket's buffer is full */
        }
        if (!response.destroyed) response.once("drain", pump);
      };
      response.on("close", () => open.delete(response));
      response.write("BEGIN:VCALENDAR\r\n");
      pump();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  return {
    baseUrl,
    url: (path) => `${baseUrl}${path}`,
    set: (path, answer) => answers.set(path, answer),
    hits,
    last,
    close: async () => {
      for (const response of open) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** An .ics body with these all-day events (check-out day exclusive), as a booking site writes them. */
export function icsOf(events: { uid: string; start: string; end: string; summary?: string }[]): string {
  const day = (date: string) => date.replaceAll("-", "");
  const lines = [
    "BEGIN:VCALENDAR",
    "VERSION:2.0",
    "PRODID:-//Another Site//Hosting Calendar 1.0//EN",
    "CALSCALE:GREGORIAN",
    ...events.flatMap((event) => [
      "BEGIN:VEVENT",
      `DTSTAMP:20260101T000000Z`,
      `DTSTART;VALUE=DATE:${day(event.start)}`,
      `DTEND;VALUE=DATE:${day(event.end)}`,
      `UID:${event.uid}`,
      `SUMMARY:${event.summary ?? "Reserved"}`,
      "END:VEVENT",
    ]),
    "END:VCALENDAR",
  ];
  return `${lines.join("\r\n")}\r\n`;
}
