import { describe, expect, it } from "vitest";
import { passwordProblem } from "../../server/lib/password-policy";

describe("the password policy", () => {
  it.each(["correct horse battery staple", "Tr0ub4dor&3x", "eightchr", `${"a".repeat(64)}b`])(
    "accepts %s: length is what counts, not character classes",
    (password) => {
      expect(passwordProblem(password, "ada@example.com")).toBeNull();
    },
  );

  it.each([
    ["short", /at least 8/],
    ["x".repeat(129), /at most 128/],
    ["iloveyou", /most common/],
    ["Sunshine", /most common/],
    ["ada.lovelace@example.com", /email address/],
    ["ada.lovelace", /email address/],
  ])("refuses %s", (password, reason) => {
    expect(passwordProblem(password, "ada.lovelace@example.com")).toMatch(reason);
  });
});
