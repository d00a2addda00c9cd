import { ADMIN, GUESTS, LANDLORDS, OTHER_STAFF } from "./seed-data/people";
import type { SeedPerson } from "./seed-data/types";
import { addDays, type Stamp } from "./seed-kit";

/**
 * The demo's accounts: the administrator, then landlords, other staff and guests, each joining and last signing in
 * a set number of days before `today`. Every account shares the demo password, hashed once by the caller.
 */
export function planPeople({ today, stamp, passwordHash }: { today: string; stamp: Stamp; passwordHash: string }) {
  const others = [...LANDLORDS, ...OTHER_STAFF, ...GUESTS];
  const personRow = (p: SeedPerson, i: number) => {
    const createdAt = stamp(addDays(today, -p.joinedDaysAgo), 8 * 60 + ((i * 37) % 600));
    const lastLoginAt =
      p.lastLoginDaysAgo === undefined ? null : stamp(addDays(today, -p.lastLoginDaysAgo), 7 * 60 + ((i * 53) % 660));
    const approved = p.role === "landlord" && p.isApproved;
    return {
      key: p.key,
      row: {
        email: p.email,
        passwordHash,
        firstName: p.firstName,
        lastName: p.lastName,
        role: p.role,
        provider: "email" as const,
        isApproved: p.isApproved,
        approvedAt: approved ? stamp(addDays(today, -p.joinedDaysAgo + 1), 10 * 60 + i) : null,
        emailVerified: p.emailVerified,
        phoneNumber: p.phoneNumber ?? null,
        phoneVerified: p.phoneVerified,
        location: p.location ?? null,
        registrationIp: `203.0.113.${10 + i}`,
        lastLoginIp: lastLoginAt ? `198.51.100.${20 + i}` : null,
        lastLoginAt,
        lastSeenAt: lastLoginAt,
        createdAt,
        updatedAt: lastLoginAt ?? createdAt,
      },
      approvedByAdmin: approved,
    };
  };
  const admin = personRow(ADMIN, 0);
  const people = others.map((p, i) => personRow(p, i + 1));
  const firstNames = new Map([ADMIN, ...others].map((p) => [p.key, p.firstName]));
  return { admin, people, firstNames };
}

export type PeoplePlan = ReturnType<typeof planPeople>;
