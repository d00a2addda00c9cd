import { ROLE_PERMISSIONS } from "@common/domain/permissions";
import type { Role } from "@common/domain/roles";
import type { TSessionUser } from "@common/schemas/auth";
import { afterEach, describe, expect, it, vi } from "vitest";
import { gateVerdict } from "@/features/auth/utils/gate-verdict";
import { verifyEmailToken } from "@/features/verification/api/email-verification";
import { describeNeeds, featureAccess, VERIFICATION_FEATURES } from "@/features/verification/utils/feature-access";
import { toCodeDigits } from "@/features/verification/utils/verification-code";
import { formatPhoneNumber } from "@/lib/format";

function user(role: Role, verified: { email?: boolean; phone?: boolean } = {}): TSessionUser {
  return {
    id: 1,
    email: "someone@example.com",
    firstName: null,
    lastName: null,
    role,
    profileImageUrl: null,
    isApproved: true,
    emailVerified: verified.email ?? false,
    phoneVerified: verified.phone ?? false,
    phoneNumber: null,
    provider: "email",
    hasPassword: true,
    permissions: [...ROLE_PERMISSIONS[role]],
    // Administrators must have it; these rules are about verification, not two-factor.
    twoFactorEnabled: true,
    mustEnrolTwoFactor: false,
    location: null,
    createdAt: "2026-01-01T00:00:00.000Z",
  };
}

const feature = (name: string) => {
  const found = VERIFICATION_FEATURES.find((f) => f.name === name);
  if (!found) throw new Error(`no feature ${name}`);
  return found;
};

describe("feature access by verification (spec 2 §6)", () => {
  it("needs nothing to browse or create an account", () => {
    for (const name of ["Browse properties", "Create an account"]) {
      expect(featureAccess(feature(name), user("guest"))).toEqual({ kind: "allowed" });
      expect(describeNeeds(feature(name).needs)).toBe("Nothing");
    }
  });

  it("needs a verified email to save favourites, review and contact support", () => {
    for (const name of ["Save favourites", "Leave reviews", "Contact support"]) {
      expect(featureAccess(feature(name), user("guest"))).toEqual({ kind: "locked", missing: ["email"] });
      expect(featureAccess(feature(name), user("guest", { email: true }))).toEqual({ kind: "allowed" });
    }
  });

  it("needs both to book, and tells which one is still missing", () => {
    const booking = feature("Book properties");
    expect(describeNeeds(booking.needs)).toBe("Verified email and phone");
    expect(featureAccess(booking, user("guest"))).toEqual({ kind: "locked", missing: ["email", "phone"] });
    expect(featureAccess(booking, user("guest", { email: true }))).toEqual({ kind: "locked", missing: ["phone"] });
    expect(featureAccess(booking, user("guest", { email: true, phone: true }))).toEqual({ kind: "allowed" });
  });

  it("lets only landlords post properties, once both are verified", () => {
    const posting = feature("Post properties");
    expect(featureAccess(posting, user("guest", { email: true, phone: true }))).toEqual({ kind: "not-for-role" });
    expect(featureAccess(posting, user("landlord", { email: true }))).toEqual({ kind: "locked", missing: ["phone"] });
    expect(featureAccess(posting, user("landlord", { email: true, phone: true }))).toEqual({ kind: "allowed" });
  });
});

describe("role gates (spec 2 §6), from the permission table", () => {
  it("waits while the user loads and refuses the signed out", () => {
    expect(gateVerdict({ status: "loading" }, ["read", "user"])).toEqual({ kind: "loading" });
    expect(gateVerdict({ status: "anonymous", user: null }, ["read", "user"])).toEqual({ kind: "anonymous" });
  });

  it("names the required role and the user's own with the gate's labels", () => {
    expect(gateVerdict({ status: "authenticated", user: user("guest") }, ["read", "user"])).toEqual({
      kind: "wrong-role",
      required: "Administrator",
      actual: "Guest/Tenant",
    });
  });

  it("asks the session's permissions list for one permission of the page", () => {
    const admin = { status: "authenticated", user: user("admin") } as const;
    expect(gateVerdict(admin, ["approve", "landlord"])).toEqual({ kind: "allowed" });
    const withoutPermissions = { status: "authenticated" as const, user: { ...user("admin"), permissions: [] } };
    expect(gateVerdict(withoutPermissions, ["approve", "landlord"])).toEqual({ kind: "missing-permission" });
  });

  it("closes a landlord's own-listing pages until approval, then until the phone is verified", () => {
    const landlord = (isApproved: boolean, phone: boolean) =>
      ({ status: "authenticated", user: { ...user("landlord", { phone }), isApproved } }) as const;
    expect(gateVerdict(landlord(false, true), ["read", "property"])).toEqual({ kind: "approval-pending" });
    expect(gateVerdict(landlord(true, false), ["read", "analytics"])).toEqual({ kind: "phone-unverified" });
    expect(gateVerdict(landlord(true, true), ["read", "property-booking"])).toEqual({ kind: "allowed" });
    // Booking a stay of their own is not a landlord feature.
    expect(gateVerdict(landlord(false, false), ["create", "booking"])).toEqual({ kind: "allowed" });
  });
});

describe("phone code and number", () => {
  it("keeps digits only, six at most", () => {
    expect(toCodeDigits("12ab 3-4567")).toBe("123456");
    expect(toCodeDigits("")).toBe("");
  });

  it("groups a UK mobile and leaves other numbers alone", () => {
    expect(formatPhoneNumber("+447400123456")).toBe("+44 7400 123456");
    expect(formatPhoneNumber("+442079460000")).toBe("+442079460000");
  });
});

describe("verifyEmailToken (spec 2 §8)", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answer = (status: number, body: unknown) =>
    vi.stubGlobal(
      "fetch",
      vi.fn(
        async () => new Response(JSON.stringify(body), { status, headers: { "Content-Type": "application/json" } }),
      ),
    );

  it("posts the token in the query string, with no body", async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ message: "Verified", expired: false }), { status: 200 }),
    );
    vi.stubGlobal("fetch", fetchMock);
    await expect(verifyEmailToken("a b")).resolves.toEqual({ state: "success", message: "Verified" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/verify-email?token=a%20b",
      expect.objectContaining({ method: "POST", body: undefined }),
    );
  });

  it("shows the expired view when the server says so", async () => {
    answer(400, { message: "This link has expired.", expired: true });
    await expect(verifyEmailToken("t")).resolves.toEqual({ state: "expired", message: "This link has expired." });
  });

  it("shows the server's message, else 'Verification failed'", async () => {
    answer(400, { message: "This link is not valid.", expired: false });
    await expect(verifyEmailToken("t")).resolves.toEqual({ state: "error", message: "This link is not valid." });
    answer(500, {});
    await expect(verifyEmailToken("t")).resolves.toEqual({ state: "error", message: "Verification failed" });
  });

  it("says so when the request never reached the server", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(verifyEmailToken("t")).resolves.toEqual({
      state: "error",
      message: "Network error occurred during verification",
    });
  });
});
