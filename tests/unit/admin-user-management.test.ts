import { describe, expect, it } from "vitest";
import { userStates, usersListRequest } from "../../client/features/admin/utils/user-management";

describe("usersListRequest", () => {
  it("asks for everything on page 1 when the address holds nothing", () => {
    expect(usersListRequest({ query: "", role: "all", state: "all", page: 1 })).toEqual({
      role: "all",
      state: "all",
      page: 1,
      apiQuery: "",
    });
  });

  it("passes the search, a known role and state and the page", () => {
    expect(usersListRequest({ query: "ada lovelace", role: "landlord", state: "frozen", page: 3 }).apiQuery).toBe(
      "q=ada+lovelace&role=landlord&state=frozen&page=3",
    );
  });

  it("shows everything for a hand-edited role or state the server would refuse, and stays within the pages it serves", () => {
    expect(usersListRequest({ query: "", role: "superuser", state: "banned", page: 50_000 })).toEqual({
      role: "all",
      state: "all",
      page: 1000,
      apiQuery: "page=1000",
    });
    expect(usersListRequest({ query: "", role: "all", state: "all", page: -2 }).page).toBe(1);
  });
});

describe("userStates", () => {
  const active = { isFrozen: false, role: "guest", isApproved: true, emailVerified: true, closedAt: null } as const;

  it("names nothing for an active, verified account", () => {
    expect(userStates(active)).toEqual([]);
  });

  it("lists every state that applies, worst first; awaiting approval only for landlords", () => {
    expect(
      userStates({ isFrozen: true, role: "landlord", isApproved: false, emailVerified: false, closedAt: null }).map(
        (s) => s.label,
      ),
    ).toEqual(["Frozen", "Awaiting approval", "Email unverified"]);
    expect(userStates({ ...active, isApproved: false })).toEqual([]);
  });

  it("says only that an account is closed, whatever else its placeholder row shows", () => {
    const closed = {
      ...active,
      emailVerified: false,
      role: "landlord",
      isApproved: false,
      closedAt: "2026-11-29T10:00:00Z",
    } as const;
    expect(userStates(closed).map((s) => s.label)).toEqual(["Closed by its owner"]);
  });
});
