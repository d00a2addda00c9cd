import { describe, expect, it } from "vitest";
import { avatarInitial, displayName, fullName, initials } from "../../client/lib/user-names";

describe("how people are named (spec 1 §2)", () => {
  it("greets by first name, else by the part of the e-mail before the at-sign", () => {
    expect(displayName({ firstName: "Ada", email: "ada@example.com" })).toBe("Ada");
    expect(displayName({ firstName: "  ", email: "grace.h@example.com" })).toBe("grace.h");
    expect(displayName({ firstName: null, email: "grace.h@example.com" })).toBe("grace.h");
  });

  it("shows the first letter of the first name, else of the e-mail, in the avatar", () => {
    expect(avatarInitial({ firstName: "ada", email: "x@example.com" })).toBe("A");
    expect(avatarInitial({ firstName: null, email: "zoe@example.com" })).toBe("Z");
  });

  it("writes full names and two-letter initials where people are listed", () => {
    expect(fullName({ firstName: "Daniel", lastName: " Okafor ", email: "d@example.com" })).toBe("Daniel Okafor");
    expect(fullName({ firstName: null, lastName: null, email: "d.o@example.com" })).toBe("d.o");
    expect(initials({ firstName: "Daniel", lastName: "Okafor", email: "d@example.com" })).toBe("DO");
    expect(initials({ firstName: null, lastName: null, email: "kim@example.com" })).toBe("K");
  });
});
