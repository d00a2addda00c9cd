/** "Ada L.": a first name and the initial of the last; never the e-mail. */
export function publicGuestName(firstName: string | null, lastName: string | null): string {
  const first = firstName?.trim();
  // A name typed as an address would give the address away.
  if (!first || first.includes("@")) return "Guest";
  const initial = lastName?.trim().charAt(0).toLocaleUpperCase("en-GB");
  return initial ? `${first} ${initial}.` : first;
}
