import { once } from "node:events";
import { createServer, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { hash } from "@node-rs/argon2";
import { eq, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { describe, expect, it } from "vitest";
import { addDays, londonToday } from "../../common/domain/calendar-dates";
import { auditLogs, outboxMessages } from "../../server/db/schema";
import { createBooking, createProperty, createUser } from "../factories";
import { HttpClient } from "../support/http-client";
import { signedInUser } from "../support/signed-in";
import { setUpTestApp } from "../support/test-context";

/**
 * Real delivery: e-mail over SMTP to a local SMTP server, SMS over HTTP to a local provider. The app
 * under test is configured exactly as production would be, only with local addresses.
 */
type Received = { from: string; to: string[]; raw: string; user?: string };
type SmsRequest = { headers: IncomingMessage["headers"]; body: { to: string; body: string } };

let smtp: SMTPServer;
const mailbox: Received[] = [];
const texts: SmsRequest[] = [];
let smsStatus = 200;
const sms = createServer((request, response) => {
  let data = "";
  request.on("data", (chunk: Buffer) => {
    data += chunk.toString();
  });
  request.on("end", () => {
    texts.push({ headers: request.headers, body: JSON.parse(data) as SmsRequest["body"] });
    response.writeHead(smsStatus, { "content-type": "application/json" }).end("{}");
  });
});

/** Undoes quoted-printable soft line breaks and escapes, enough to read links back. */
const decodeQuotedPrintable = (value: string) =>
  value
    .replace(/=\r?\n/g, "")
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));

const { t, server: app } = setUpTestApp({
  withoutChangeFeed: true,
  config: async () => {
    smtp = new SMTPServer({
      authOptional: false,
      disabledCommands: ["STARTTLS"],
      onAuth(auth, _session, callback) {
        if (auth.username === "mailer" && auth.password === "s3cret") return callback(null, { user: auth.username });
        return callback(new Error("Invalid username or password"));
      },
      // A mailbox that does not exist: the server refuses the recipient, as real ones do.
      onRcptTo(address, _session, callback) {
        if (address.address.startsWith("refused-")) {
          return callback(new Error(`550 5.1.1 <${address.address}>: Recipient address rejected`));
        }
        return callback();
      },
      onData(stream, session, callback) {
        let raw = "";
        stream.on("data", (chunk: Buffer) => {
          raw += chunk.toString();
        });
        stream.on("end", () => {
          mailbox.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
            to: session.envelope.rcptTo.map((r) => r.address),
            raw,
            user: session.user as string | undefined,
          });
          callback();
        });
      },
    });
    smtp.listen(0, "127.0.0.1");
    await once(smtp.server, "listening");
    sms.listen(0, "127.0.0.1");
    await once(sms, "listening");
    const smtpPort = (smtp.server.address() as AddressInfo).port;
    const smsPort = (sms.address() as AddressInfo).port;
    return {
      SMTP_URL: `smtp://mailer:s3cret@127.0.0.1:${smtpPort}`,
      MAIL_FROM: "StayLondon <hello@staylondon.example>",
      SMS_WEBHOOK_URL: `http://127.0.0.1:${smsPort}/messages`,
      SMS_WEBHOOK_TOKEN: "sms-token",
      devOutbox: false,
      publicUrl: "https://staylondon.example",
    };
  },
  afterStop: async () => {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    sms.close();
  },
});

describe("e-mail over SMTP", () => {
  it("delivers the verification e-mail with a text and an HTML part and a working link", async () => {
    const address = `smtp-${Date.now()}@delivery.test`;
    const c = new HttpClient(app.baseUrl, "https://staylondon.example");
    const registered = await c.post("/api/auth/register", {
      email: address,
      password: "correct horse battery staple",
      firstName: "Sam",
      lastName: "Tp",
      role: "guest",
    });
    expect(registered.status).toBe(201);
    const message = mailbox.find((m) => m.to.includes(address));
    expect(message).toBeDefined();
    if (!message) return;
    expect(message.user).toBe("mailer");
    expect(message.from).toBe("hello@staylondon.example");
    expect(message.raw).toMatch(/^Subject: Verify your email address for StayLondon/m);
    expect(message.raw).toMatch(/Content-Type: multipart\/alternative/i);
    expect(message.raw).toMatch(/Content-Type: text\/plain/i);
    expect(message.raw).toMatch(/Content-Type: text\/html/i);
    const decoded = decodeQuotedPrintable(message.raw);
    const token = decoded.match(/https:\/\/staylondon\.example\/verify-email\?token=([\w-]+)/)?.[1];
    expect(token).toBeDefined();
    // The link in the message verifies the account.
    const verified = await c.post(`/api/auth/verify-email?token=${token}`);
    expect(verified.status).toBe(200);
    // Nothing went to the outbox: a real provider is configured.
    expect(await t.db.select().from(outboxMessages)).toHaveLength(0);
  });
});

/** The message.failed entries recorded for a masked recipient. */
const failedMessagesTo = (masked: string) =>
  t.db
    .select()
    .from(auditLogs)
    .where(sql`${auditLogs.action} = 'message.failed' and ${auditLogs.subjectLabel} = ${masked}`);

describe("an e-mail a person chose to receive, over SMTP", () => {
  it("carries the one-click unsubscribe headers mail programs act on", async () => {
    const guest = await createUser(app.app.db, { email: `reminded-${Date.now()}@delivery.test`, reminderEmails: true });
    const home = await createProperty(t.db, {});
    const inTwoDays = addDays(londonToday(), 2);
    await createBooking(t.db, {
      propertyId: home.id,
      guestId: guest.id,
      checkIn: inTwoDays,
      checkOut: addDays(inTwoDays, 3),
      status: "confirmed",
      confirmedAt: new Date(Date.now() - 5 * 86_400_000),
    });
    expect(await app.app.services.arrivalReminders.sendDue()).toHaveLength(1);
    await app.app.outbox.settle();
    // Long headers arrive folded over several lines; unfolded, each is one line again.
    const headers = mailbox.find((m) => m.to.includes(guest.email))?.raw.replace(/\r?\n[ \t]+/g, " ");
    expect(headers).toMatch(
      /^List-Unsubscribe: <https:\/\/staylondon\.example\/api\/email\/unsubscribe\?token=\d+\.reminders\.[\w-]{43}>\r?$/m,
    );
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
  });
});

describe("an e-mail the mail server refuses", () => {
  it("is recorded in System Logs with the recipient masked, and the registration still stands", async () => {
    const address = `refused-${Date.now()}@delivery.test`;
    const c = new HttpClient(app.baseUrl, "https://staylondon.example");
    const registered = await c.post("/api/auth/register", {
      email: address,
      password: "correct horse battery staple",
      firstName: "Rae",
      lastName: "Fused",
      role: "guest",
    });
    expect(registered.status).toBe(201);
    const entries = await failedMessagesTo("r***@delivery.test");
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    expect(entry).toMatchObject({
      type: "error",
      message: 'An e-mail could not be sent: "Verify your email address for StayLondon" to r***@delivery.test',
      subjectUserId: null,
      targetType: "message",
      details: {
        channel: "email",
        subject: "Verify your email address for StayLondon",
        recipient: "r***@delivery.test",
      },
    });
    expect(entry?.targetId).toMatch(/^[0-9a-f-]{36}$/);
    // The server's refusal is kept, with the address in it masked too.
    expect(String(entry?.details.error)).toMatch(/Recipient address rejected/);
    expect(JSON.stringify(entry)).not.toContain(address);
  });

  it("is recorded for the landlord approval e-mail too, and the approval stands", async () => {
    const landlord = await createUser(t.db, {
      email: `refused-landlord-${Date.now()}@delivery.test`,
      role: "landlord",
      isApproved: false,
      emailVerified: true,
    });
    const { client: admin } = await signedInUser(t.db, app.baseUrl, { role: "admin" });
    const approved = await admin.post(`/api/admin/approve-landlord/${landlord.id}`);
    expect(approved.status).toBe(200);
    expect(await failedMessagesTo("r***@delivery.test")).toContainEqual(
      expect.objectContaining({
        message: 'An e-mail could not be sent: "Your StayLondon landlord account is approved" to r***@delivery.test',
      }),
    );
  });
});

describe("SMS over the HTTP provider", () => {
  it("posts the code to the provider with the bearer token", async () => {
    const user = await createUser(t.db, {
      email: `sms-${Date.now()}@delivery.test`,
      passwordHash: await hash("correct horse battery staple"),
    });
    const c = new HttpClient(app.baseUrl, "https://staylondon.example");
    await c.post("/api/auth/login", { email: user.email, password: "correct horse battery staple" });
    const sent = await c.post("/api/auth/send-phone-verification", { phoneNumber: "07400 555001" });
    expect(sent.status).toBe(200);
    const request = texts.at(-1);
    expect(request?.headers.authorization).toBe("Bearer sms-token");
    expect(request?.body.to).toBe("+447400555001");
    const code = request?.body.body.match(/\b(\d{6})\b/)?.[1];
    expect(code).toBeDefined();
    const verified = await c.post("/api/auth/verify-phone", { code });
    expect(verified.status).toBe(200);
  });

  it("answers 503 when the provider fails, and lets the user retry at once", async () => {
    const user = await createUser(t.db, {
      email: `sms-fail-${Date.now()}@delivery.test`,
      passwordHash: await hash("correct horse battery staple"),
    });
    const c = new HttpClient(app.baseUrl, "https://staylondon.example");
    await c.post("/api/auth/login", { email: user.email, password: "correct horse battery staple" });
    smsStatus = 502;
    try {
      const failed = await c.post("/api/auth/send-phone-verification", { phoneNumber: "07400 555002" });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toMatch(/could not send the text message/);
    } finally {
      smsStatus = 200;
    }
    const code = texts.at(-1)?.body.body.match(/\b(\d{6})\b/)?.[1];
    const [entry, ...more] = await failedMessagesTo("+44*******002");
    expect(more).toEqual([]);
    expect(entry).toMatchObject({
      type: "error",
      message: "A text message could not be sent: phone verification code to +44*******002",
      details: { channel: "sms", template: "phone verification code", recipient: "+44*******002", error: "HTTP 502" },
    });
    // The code that failed to arrive is not in System Logs.
    expect(JSON.stringify(entry)).not.toContain(String(code));
    const retry = await c.post("/api/auth/send-phone-verification", { phoneNumber: "07400 555002" });
    expect(retry.status).toBe(200);
  });

  it("answers the same 503 when System Logs cannot record the failure either", async () => {
    const user = await createUser(t.db, {
      email: `sms-unrecorded-${Date.now()}@delivery.test`,
      passwordHash: await hash("correct horse battery staple"),
    });
    const c = new HttpClient(app.baseUrl, "https://staylondon.example");
    await c.post("/api/auth/login", { email: user.email, password: "correct horse battery staple" });
    // The database refuses every message.failed entry, as it would with a full disk.
    await t.db.execute(
      sql.raw(`create function refuse_message_entries() returns trigger language plpgsql as $$
        begin
          if new.action = 'message.failed' then raise exception 'audit entry refused for the test'; end if;
          return new;
        end $$`),
    );
    await t.db.execute(
      sql`create trigger refuse_message_entries before insert on audit_logs for each row execute function refuse_message_entries()`,
    );
    smsStatus = 502;
    try {
      const failed = await c.post("/api/auth/send-phone-verification", { phoneNumber: "07400 555003" });
      expect(failed.status).toBe(503);
      expect(failed.body.message).toMatch(/could not send the text message/);
    } finally {
      smsStatus = 200;
      await t.db.execute(sql`drop trigger refuse_message_entries on audit_logs`);
      await t.db.execute(sql`drop function refuse_message_entries()`);
    }
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.subjectLabel, "+44*******003"))).toEqual([]);
    // The send was released as after any failure: the user may ask again at once.
    expect((await c.post("/api/auth/send-phone-verification", { phoneNumber: "07400 555003" })).status).toBe(200);
  });
});
