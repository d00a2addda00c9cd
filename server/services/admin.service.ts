import { londonToday } from "../../common/domain/calendar-dates";
import {
  REVIEW_TIME_DAYS,
  type TApprovalFigures,
  type TApproveLandlordResponse,
  type TPendingLandlord,
} from "../../common/schemas/admin";
import type { Database } from "../db/client";
import { ConflictError, notFound } from "../lib/errors";
import { auditLabel, sentenceName } from "../lib/person-names";
import { recordAudit } from "../repositories/audit-logs.repository";
import {
  approveLandlord,
  countApprovals,
  findUserById,
  listPendingLandlords,
  type UserRow,
} from "../repositories/users.repository";
import { landlordApprovedLetter } from "./messaging/email-templates";
import type { Outbox } from "./messaging/outbox";

/** The admin's landlord approvals. */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly outbox: Outbox,
    private readonly publicUrl: string,
    private readonly log: { warn: (o: object, m: string) => void },
    private readonly now: () => Date = () => new Date(),
  ) {}

  /** Approved today (London) and the average wait for a review lately, from the approvals themselves. */
  async approvalFigures(): Promise<TApprovalFigures> {
    const now = this.now();
    return countApprovals(this.db, londonToday(now), new Date(now.getTime() - REVIEW_TIME_DAYS * 86_400_000));
  }

  async pendingLandlords(): Promise<TPendingLandlord[]> {
    const rows = await listPendingLandlords(this.db);
    return rows.map((u) => ({
      id: u.id,
      email: u.email,
      firstName: u.firstName,
      lastName: u.lastName,
      profileImageUrl: u.profileImageUrl,
      provider: u.provider,
      emailVerified: u.emailVerified,
      createdAt: u.createdAt.toISOString(),
    }));
  }

  /** Approves a landlord; the approval, its audit entry and the landlord's e-mail commit together. */
  async approveLandlord(
    landlordId: number,
    admin: Pick<UserRow, "id" | "firstName" | "lastName" | "email">,
  ): Promise<TApproveLandlordResponse> {
    const { approved, letters } = await this.db.transaction(async (tx) => {
      const landlord = await approveLandlord(tx, landlordId, admin.id);
      if (!landlord) return { approved: undefined, letters: [] };
      await recordAudit(tx, {
        type: "success",
        action: "landlord.approved",
        message: `Approved ${sentenceName(landlord)} as a landlord`,
        actor: { id: admin.id, label: auditLabel(admin) },
        subject: { id: landlord.id, label: auditLabel(landlord) },
        target: { type: "user", id: landlord.id },
        details: { requiresPhoneVerification: !landlord.phoneVerified },
      });
      const signIn = new URL("/auth", this.publicUrl).toString();
      const letter = landlordApprovedLetter(landlord, signIn, !landlord.phoneVerified);
      return { approved: landlord, letters: await this.outbox.add(tx, [{ email: letter }], { sendNow: true }) };
    });
    if (!approved) {
      const existing = await findUserById(this.db, landlordId);
      if (existing?.role === "landlord" && existing.isApproved) {
        throw new ConflictError("This landlord is already approved.");
      }
      throw notFound("No landlord application with this id.");
    }
    const requiresPhoneVerification = !approved.phoneVerified;
    // The approval stands even if the e-mail cannot go out now: the outbox keeps trying.
    await this.outbox
      .deliverNow(letters, "retry")
      .catch((error: unknown) => this.log.warn({ err: error, userId: approved.id }, "approval e-mail not sent yet"));
    return {
      message: requiresPhoneVerification
        ? "Landlord approved. They must verify their phone number before using landlord features."
        : "Landlord approved. They can now access all landlord features.",
      requiresPhoneVerification,
      user: {
        id: approved.id,
        approvedAt: (approved.approvedAt ?? new Date()).toISOString(),
        approvedBy: admin.id,
      },
    };
  }
}
