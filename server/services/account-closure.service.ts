import { londonToday } from "../../common/domain/calendar-dates";
import type { TAccountClosure, TAccountClosureStatus } from "../../common/schemas/account";
import type { Database } from "../db/client";
import { ConflictError, notFound } from "../lib/errors";
import {
  CLOSED_ACCOUNT_LABEL,
  closedAccountEmail,
  closureBlockers,
  eraseAccount,
} from "../repositories/account-erasure.repository";
import { recordAudit } from "../repositories/audit-logs.repository";
import { lockUser } from "../repositories/users.repository";
import { checkCurrentPassword, type Self } from "./account.service";
import { accountClosedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";
import type { ProfilePhotoService } from "./profile-photo.service";

const ADMIN_REASON =
  "An admin account is closed by another admin from User Management, so the site is never left without one.";

/**
 * "Close my account" (UK GDPR's right to erasure). Refused, with every reason, while the person has a stay booked or
 * under way, guests booked at their homes, money on its way either way, or work in hand; otherwise their personal
 * data is erased in one transaction, every session ends and a last letter confirms it.
 */
export class AccountClosureService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly photos: Pick<ProfilePhotoService, "forget">,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** GET /api/account/closure: whether Profile can offer closing now, and if not why. */
  async status(user: Self["user"]): Promise<TAccountClosureStatus> {
    const reasons = await this.db.transaction(async (tx) => this.reasons(tx, user));
    return { canClose: reasons.length === 0, reasons };
  }

  /** POST /api/account/close. */
  async close(self: Self, input: TAccountClosure): Promise<{ message: string }> {
    await checkCurrentPassword(self.user, input.currentPassword);
    const photo = await this.db.transaction(async (tx) => {
      // The account's row is held until the commit: a second close waits and then finds it closed, and a booking
      // being written for the person (which holds the row too) finishes first and is then seen as a reason.
      const locked = await lockUser(tx, self.user.id);
      if (!locked) throw notFound("Account not found");
      if (locked.closedAt) throw new ConflictError("This account is already closed.");
      const reasons = await this.reasons(tx, locked);
      if (reasons.length > 0) {
        throw new ConflictError(`Your account cannot be closed yet. ${reasons.join(" ")}`);
      }
      const oldEmail = locked.email;
      await eraseAccount(tx, locked);
      const person = { id: locked.id, label: `${CLOSED_ACCOUNT_LABEL} (account ${locked.id})` };
      await recordAudit(tx, {
        type: "warning",
        action: "account.closed",
        message: `${person.label} closed their account; their personal data was erased`,
        actor: person,
        subject: person,
        details: { email: closedAccountEmail(locked.id) },
      });
      await this.outbox.add(tx, [{ email: accountClosedLetter(oldEmail), eraseWhenFinished: true }]);
      return locked.profileImageUrl;
    });
    // Their photo file goes once nothing points at it.
    await this.photos.forget(photo);
    return { message: "Your account is closed. We have sent a confirmation to your email address." };
  }

  private async reasons(tx: Parameters<typeof closureBlockers>[0], user: Self["user"]): Promise<string[]> {
    if (user.role === "admin") return [ADMIN_REASON];
    return closureBlockers(tx, user.id, londonToday(this.now()));
  }
}
