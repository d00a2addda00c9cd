/** "Ada L.": a first name and the initial of the last; never the e-mail. */
export function publicGuestName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  // A name typed as an address would give the address away.
  if (!first || first.includes("@")) return "Guest";
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase("en-GB");
  return initial ? `${first} ${initial}.` : first;
}

/** How the audit log names a person: "Ada Lovelace <ada@example.com>", or the address alone. */
export function auditLabel(person: {
  firstName?: string | null;
  lastName?: string | null;
  email: string | null;
}): string {
  const name = [person.firstName, person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(" ");
  if (!person.email) return name || "Unknown person";
  return name ? `${name} <${person.email}>` : person.email;
}

/** How an audit entry's sentence names someone: "Ada Lovelace", or the address when no name is known. */
export function sentenceName(person: { firstName?: string | null; lastName?: string | null; email: string }): string {
  return (
    [person.firstName, person.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ") || person.email
  );
}

/** How a page names someone people work with (a contractor, a manager, an owner): "Ada Lovelace", never the e-mail. */
export function fullName(person: { firstName: string | null; lastName: string | null }): string {
  return (
    [person.firstName, person.lastName]
      .map((part) => part?.trim())
      .filter(Boolean)
      .join(" ") || "StayLondon member"
  );
}
