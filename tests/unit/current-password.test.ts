import { describe, expect, it, vi } from "vitest";
import { withCurrentPassword } from "../../client/features/account/components/current-password-field";

describe("a change that needs the current password", () => {
  it("is not sent without it on an account with a password, and the field says so", () => {
    const setError = vi.fn();
    const submit = vi.fn();
    withCurrentPassword(true, setError, submit)({ currentPassword: "", newEmail: "new@example.com" });
    expect(submit).not.toHaveBeenCalled();
    expect(setError).toHaveBeenCalledWith("currentPassword", { message: "Please enter your current password." });
  });

  it("is sent once the password is given", () => {
    const setError = vi.fn();
    const submit = vi.fn();
    const input = { currentPassword: "correct horse", newEmail: "new@example.com" };
    withCurrentPassword(true, setError, submit)(input);
    expect(submit).toHaveBeenCalledWith(input);
    expect(setError).not.toHaveBeenCalled();
  });

  it("is sent without one for an account that signs in with Google or Apple only", () => {
    const setError = vi.fn();
    const submit = vi.fn();
    withCurrentPassword(false, setError, submit)({ newEmail: "new@example.com" });
    expect(submit).toHaveBeenCalledOnce();
    expect(setError).not.toHaveBeenCalled();
  });
});
