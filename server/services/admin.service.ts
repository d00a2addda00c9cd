import type { TAdminUserProfile, TApproveLandlordResponse, TPendingLandlord } from "../../common/schemas/admin";
import type { Database } from "../db/client";
import { AppError, notFound } from "../lib/errors";
import { approveLandlord, findUserById, listPendingLandlords, type UserRow } from "../repositories/users.repository";
import { landlordApprovedLetter } from "./messaging/email-templates";
import type { Messenger } from "./messaging/messenger";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The admin's landlord approvals and user profiles (spec 2 "Landlord Approvals", "Admin User Profile"). */
export class AdminService {
  constructor(
    private readonly db: Database,
    private readonly messenger: Messenger,
    private readonly publicUrl: string,
    private readonly log: { warn: (o: object, m: string) => void },
  ) {}

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

  async approveLandlord(landlordId: number, adminId: number): Promise<TApproveLandlordResponse> {
    const approved = await approveLandlord(this.db, landlordId, adminId);
    if (!approved) {
      const existing = await findUserById(this.db, landlordId);
      if (existing?.role === "landlord" && existing.isApproved) {
        throw new AppError(409, "This landlord is already approved.");
      }
      throw notFound("No landlord application with this id.");
    }
    const requiresPhoneVerification = !approved.phoneVerified;
    // The approval stands even if the e-mail cannot go out; the landlord can sign in regardless.
    await this.messenger
      .sendEmail(
        landlordApprovedLetter(approved, new URL("/auth", this.publicUrl).toString(), requiresPhoneVerification),
      )
      .catch((error: unknown) => this.log.warn({ err: error, userId: approved.id }, "approval e-mail not sent"));
    return {
      message: requiresPhoneVerification
        ? "Landlord approved. They must verify their phone number before using landlord features."
        : "Landlord approved. They can now access all landlord features.",
      requiresPhoneVerification,
      user: {
        id: approved.id,
        approvedAt: (approved.approvedAt ?? new Date()).toISOString(),
        approvedBy: adminId,
      },
    };
  }

  async userProfile(userId: number): Promise<TAdminUserProfile> {
    const user = await findUserById(this.db, userId);
    if (!user) throw notFound("User not found");
    return toAdminProfile(user);
  }
}

function toAdminProfile(u: UserRow): TAdminUserProfile {
  return {
    id: u.id,
    email: u.email,
    firstName: u.firstName,
    lastName: u.lastName,
    role: u.role,
    profileImageUrl: u.profileImageUrl,
    isApproved: u.isApproved,
    approvedAt: iso(u.approvedAt),
    approvedBy: u.approvedBy,
    emailVerified: u.emailVerified,
    phoneNumber: u.phoneNumber,
    phoneVerified: u.phoneVerified,
    provider: u.provider,
    location: u.location,
    registrationIp: u.registrationIp,
    lastLoginAt: iso(u.lastLoginAt),
    createdAt: u.createdAt.toISOString(),
    isFrozen: u.isFrozen,
  };
}
