/** How people are named on screen, shared by the navigation, dashboards, profile and admin pages. */
type NamedUser = { firstName: string | null; lastName?: string | null; email: string };

const emailPrefix = (email: string) => email.split("@")[0] || email;

/** The first name, else the part of the e-mail before the at-sign. */
export function displayName(user: NamedUser): string {
  return user.firstName?.trim() || emailPrefix(user.email);
}

/** "Ada Lovelace", else the greeting name. */
export function fullName(user: NamedUser): string {
  const name = [user.firstName?.trim(), user.lastName?.trim()].filter(Boolean).join(" ");
  return name || displayName(user);
}

/** The avatar's fallback: the first letter of the first name, else of the e-mail. */
export function avatarInitial(user: NamedUser): string {
  return (user.firstName?.trim()[0] ?? user.email[0] ?? "?").toUpperCase();
}

/** "DO" for Daniel Okafor (admin lists, where two letters tell applicants apart); else the e-mail's first letter. */
export function initials(user: NamedUser): string {
  const letters = [user.firstName, user.lastName].map((part) => part?.trim()[0] ?? "").join("");
  return (letters || user.email[0] || "?").toUpperCase();
}
