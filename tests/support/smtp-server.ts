import { once } from "node:events";
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { to: string[]; messageId: string | undefined; subject: string | undefined; raw: string };

/**
 * A real SMTP server on a free loopback port, for tests of delivery. `refuse` decides, per message, whether the
 * server turns it away and with which reply (421 is "try later", 550 is "no such mailbox"); `delayMs` holds every
 * message before it is accepted, as a slow provider would.
 */
export async function startSmtpServer(
  options: { refuse?: (to: string) => { code: number; text: string } | undefined; delayMs?: number } = {},
) {
  const mailbox: ReceivedMail[] = [];
  const state = { refuse: options.refuse, delayMs: options.delayMs ?? 0 };
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      const refusal = state.refuse?.(address.address);
      if (!refusal) return callback();
      const error = new Error(refusal.text) as Error & { responseCode: number };
      error.responseCode = refusal.code;
      return callback(error);
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (chunk: Buffer) => {
        raw += chunk.toString();
      });
      stream.on("end", () => {
        setTimeout(() => {
          mailbox.push({
            to: session.envelope.rcptTo.map((r) => r.address),
            messageId: /^Message-ID: (.+)$/im.exec(raw)?.[1]?.trim(),
            subject: /^Subject: (.+)$/im.exec(raw)?.[1]?.trim(),
            raw,
          });
          callback();
        }, state.delayMs);
      });
    },
  });
  // A client that dies mid-conversation (an app instance killed on purpose) resets its connection; the server
  // reports that as an error event, which is expected here and not a failure of the test.
  server.on("error", () => {});
  server.listen(0, "127.0.0.1");
  await once(server.server, "listening");
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mailbox,
    state,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
