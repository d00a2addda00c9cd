import {
  accessVerdict,
  grantedScopes,
  LANDLORD_FEATURE_PERMISSIONS,
  mayActOn,
  PERMISSIONS,
  ROLE_PERMISSIONS,
  requiredRoles,
  scopeOver,
} from "@common/domain/permissions";
import { ROLES, type Role } from "@common/domain/roles";
import { describe, expect, it } from "vitest";

const person = (role: Role, id = 7, standing = { isApproved: true, phoneVerified: true }) => ({
  id,
  role,
  ...standing,
});

describe("the permission table", () => {
  it("names every permission as action:entity:scope, and gives roles only listed permissions", () => {
    for (const permission of PERMISSIONS) expect(permission).toMatch(/^[a-z-]+:[a-z-]+:(own|assigned|any)$/);
    for (const role of ROLES) for (const p of ROLE_PERMISSIONS[role]) expect(PERMISSIONS).toContain(p);
  });

  it("keeps every `any` permission for admins", () => {
    for (const role of ROLES.filter((r) => r !== "admin")) {
      expect(
        ROLE_PERMISSIONS[role].filter((p) => p.endsWith(":any")),
        role,
      ).toEqual([]);
    }
  });

  it("reaches the widest scope first", () => {
    expect(grantedScopes("admin", "update", "property")).toEqual(["any"]);
    expect(grantedScopes("landlord", "update", "property")).toEqual(["own"]);
    expect(grantedScopes("guest", "update", "property")).toEqual([]);
  });

  it("names the roles a page is for, and admins only where nobody else may go", () => {
    expect(requiredRoles("update", "property")).toEqual(["landlord"]);
    expect(requiredRoles("create", "property")).toEqual(["landlord"]);
    expect(requiredRoles("read", "audit-log")).toEqual(["admin"]);
  });

  it("opens a gate that names a scope only to roles holding that scope", () => {
    // Every booking of every property is the admin's to read; a landlord reads their own properties' only.
    expect(requiredRoles("read", "property-booking", "any")).toEqual(["admin"]);
    expect(accessVerdict(person("admin"), "read", "property-booking", "any")).toEqual({
      kind: "allowed",
      scopes: ["any"],
    });
    expect(accessVerdict(person("landlord"), "read", "property-booking", "any")).toEqual({
      kind: "wrong-role",
      required: "Administrator",
      actual: "Landlord/Owner",
    });
    expect(accessVerdict(person("landlord"), "read", "property-booking").kind).toBe("allowed");
    // The same holds for every listing and the platform's figures.
    expect(accessVerdict(person("landlord"), "read", "property", "any").kind).toBe("wrong-role");
    expect(accessVerdict(person("landlord"), "read", "analytics", "any").kind).toBe("wrong-role");
  });
});

describe("a landlord's standing", () => {
  it("closes the own-listing features until approval, then until the phone is verified", () => {
    const pending = { role: "landlord" as const, isApproved: false, phoneVerified: true };
    const noPhone = { role: "landlord" as const, isApproved: true, phoneVerified: false };
    for (const permission of LANDLORD_FEATURE_PERMISSIONS) {
      const [action, entity] = permission.split(":") as [never, never];
      expect(accessVerdict(pending, action, entity).kind).toBe("approval-pending");
      expect(accessVerdict(noPhone, action, entity).kind).toBe("phone-unverified");
    }
    // Travelling is not a landlord feature, and admins need no phone.
    expect(accessVerdict(pending, "create", "booking").kind).toBe("allowed");
    expect(accessVerdict({ role: "admin", isApproved: true, phoneVerified: false }, "update", "property").kind).toBe(
      "allowed",
    );
  });
});

describe("records", () => {
  it("lets an owner and an admin at a property, and nobody else", () => {
    const property = { ownerId: 7 };
    expect(scopeOver(person("landlord"), "update", "property", property)).toBe("own");
    expect(scopeOver(person("admin", 1), "update", "property", property)).toBe("any");
    expect(mayActOn(person("landlord", 8), "update", "property", property)).toBe(false);
    // Owning it is not enough without the role: a landlord demoted to guest.
    expect(mayActOn(person("guest"), "update", "property", property)).toBe(false);
  });

  it("makes a booking its guest's, and its bookings seen from the host's side the owner's", () => {
    expect(mayActOn(person("guest"), "cancel", "booking", { guestId: 7 })).toBe(true);
    expect(mayActOn(person("guest"), "cancel", "booking", { guestId: 8 })).toBe(false);
    expect(mayActOn(person("landlord"), "respond", "property-booking", { ownerId: 7 })).toBe(true);
    expect(mayActOn(person("landlord"), "respond", "property-booking", { ownerId: 8 })).toBe(false);
  });

  it("lets a review's guest write it and the reviewed property's owner answer it", () => {
    const review = { guestId: 3, ownerId: 7 };
    expect(mayActOn(person("guest", 3), "create", "review", review)).toBe(true);
    expect(mayActOn(person("guest", 3), "respond", "review", review)).toBe(false);
    expect(mayActOn(person("landlord", 7), "respond", "review", review)).toBe(true);
    expect(mayActOn(person("landlord", 7), "create", "review", review)).toBe(false);
    expect(mayActOn(person("admin", 1), "respond", "review", review)).toBe(true);
  });
});
