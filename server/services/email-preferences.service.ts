import { eq, sql } from "drizzle-orm";
import type { EmailChoice, TEmailPreferences } from "../../common/schemas/account";
import type { Database } from "../db/client";
import { users } from "../db/schema";
import { InvalidInputError, NotFoundError } from "../lib/errors";
import { auditLabel } from "../lib/person-names";
import type { ServerKeys } from "../lib/server-keys";
import { recordAudit } from "../repositories/audit-logs.repository";
import type { UserRow } from "../repositories/users.repository";
import type { UnsubscribeLinks } from "./messaging/email-templates";

const COLUMN = { reminders: "reminderEmails", marketing: "marketingEmails" } as const;
const WHAT: Record<EmailChoice, string> = { reminders: "stay reminders", marketing: "news and offers" };
const invalidLink = () => new InvalidInputError("This unsubscribe link is not valid.");

/**
 * The e-mails a person chose to receive beyond the ones the service needs. Both start off; every e-mail sent because
 * of a choice carries a signed link (and a one-click List-Unsubscribe header) that turns that choice off without
 * signing in. Each change is recorded, as the record of consent.
 */
export class EmailPreferencesService {
  constructor(
    private readonly db: Database,
    private readonly keys: ServerKeys,
    private readonly publicUrl: string,
  ) {}

  async get(userId: number): Promise<TEmailPreferences & { updatedAt: string | null }> {
    const [row] = await this.db
      .select({
        reminders: users.reminderEmails,
        marketing: users.marketingEmails,
        updatedAt: users.emailPreferencesUpdatedAt,
      })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) throw new NotFoundError("Account not found");
    return { ...row, updatedAt: row.updatedAt?.toISOString() ?? null };
  }

  async update(user: UserRow, choices: TEmailPreferences): Promise<TEmailPreferences & { updatedAt: string | null }> {
    await this.db.transaction(async (tx) => {
      const [before] = await tx
        .select({ reminders: users.reminderEmails, marketing: users.marketingEmails })
        .from(users)
        .where(eq(users.id, user.id))
        .for("update");
      if (!before) throw new NotFoundError("Account not found");
      if (before.reminders === choices.reminders && before.marketing === choices.marketing) return;
      await tx
        .update(users)
        .set({
          reminderEmails: choices.reminders,
          marketingEmails: choices.marketing,
          emailPreferencesUpdatedAt: sql`now()`,
        })
        .where(eq(users.id, user.id));
      const person = { id: user.id, label: auditLabel(user) };
      await recordAudit(tx, {
        type: "info",
        action: "account.email_preferences_changed",
        message: `${person.label} chose ${describeChoices(choices)} from Profile`,
        actor: person,
        subject: person,
        details: { before, after: choices },
      });
    });
    return this.get(user.id);
  }

  /**
   * The links that turn `choice` off for this account: the page the e-mail's footer opens, and the address a mail
   * program posts to when the person clicks its own Unsubscribe (List-Unsubscribe-Post, one click).
   */
  async unsubscribeLinks(userId: number, choice: EmailChoice): Promise<UnsubscribeLinks> {
    const message = `${userId}.${choice}`;
    const token = `${message}.${await this.keys.sign("unsubscribe-links", message)}`;
    const link = (path: string) => {
      const url = new URL(path, this.publicUrl);
      url.searchParams.set("token", token);
      return url.toString();
    };
    return { url: link("/unsubscribe"), oneClickUrl: link("/api/email/unsubscribe") };
  }

  /**
   * A signed unsubscribe link used, by the person on the page it opens or by their mail program (one click). Using
   * it again changes nothing and says the same, so a mail program that retries is answered kindly.
   */
  async unsubscribe(token: string): Promise<{ message: string }> {
    const [id, choice, signature] = token.split(".");
    if (!id || !signature || (choice !== "reminders" && choice !== "marketing")) throw invalidLink();
    if (!(await this.keys.verify("unsubscribe-links", `${id}.${choice}`, signature))) throw invalidLink();
    const userId = Number(id);
    await this.db.transaction(async (tx) => {
      const [changed] = await tx
        .update(users)
        .set({ [COLUMN[choice]]: false, emailPreferencesUpdatedAt: sql`now()` })
        .where(sql`${users.id} = ${userId} and ${users[COLUMN[choice]]} and ${users.closedAt} is null`)
        .returning({ id: users.id, email: users.email, firstName: users.firstName, lastName: users.lastName });
      if (!changed) return;
      const person = { id: changed.id, label: auditLabel(changed) };
      await recordAudit(tx, {
        type: "info",
        action: "account.email_unsubscribed",
        message: `${person.label} unsubscribed from ${WHAT[choice]} through the link in an e-mail`,
        actor: person,
        subject: person,
        details: { choice },
      });
    });
    return { message: `You will no longer get ${WHAT[choice]} from us. You can change this in your profile.` };
  }
}

function describeChoices(choices: TEmailPreferences): string {
  const chosen = (Object.keys(WHAT) as EmailChoice[]).filter((choice) => choices[choice]).map((c) => WHAT[c]);
  return chosen.length === 0 ? "to receive only the e-mails the service needs" : `to receive ${chosen.join(" and ")}`;
}
