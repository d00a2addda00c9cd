/** The code is 6 digits. */
export const CODE_LENGTH = 6;

/** Keeps digits only, at most six: pasted "123 456" becomes "123456". */
export function toCodeDigits(value: string): string {
  return value.replace(/\D/g, "").slice(0, CODE_LENGTH);
}
