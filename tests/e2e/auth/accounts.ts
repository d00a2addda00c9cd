import { expect, type Page } from "@playwright/test";

/** The demo accounts seeded into every test run's fresh database (README "Demo accounts"). */
export const DEMO_PASSWORD = "StayLondon-demo-2026";
export const DEMO = {
  admin: "admin@staylondon.example",
  landlord: "landlord@staylondon.example",
  pendingLandlord: "pending.landlord@staylondon.example",
  manager: "manager@staylondon.example",
  contractor: "contractor@staylondon.example",
  guest: "guest@staylondon.example",
  unverifiedGuest: "unverified.guest@staylondon.example",
} as const;

/** A password the server's policy accepts (long enough, not a common one). */
export const NEW_PASSWORD = "Kew-gardens-by-bicycle-42";

/** Every test run shares one database, so each registration needs an address of its own. */
export function uniqueEmail(label: string): string {
  return `${label}.${Date.now()}.${Math.random().toString(36).slice(2, 8)}@e2e.staylondon.example`;
}

/** Signs the page's browser context in through the API (the cookie is shared with the page). */
export async function signInThroughApi(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const response = await page.request.post("/api/auth/login", { data: { email, password } });
  expect(response.status(), `sign-in of ${email} through the API`).toBe(200);
}

/** The parts of /auth the tests use, by role and label as a visitor finds them. */
export function authScreen(page: Page) {
  const panel = page.getByRole("tabpanel");
  return {
    signInTab: page.getByRole("tab", { name: "Sign In" }),
    registerTab: page.getByRole("tab", { name: "Create Account" }),
    // Labels of required fields end with an asterisk.
    email: panel.getByLabel(/^Email/),
    password: panel.getByLabel(/^Password/),
    firstName: panel.getByLabel(/^First name/),
    lastName: panel.getByLabel(/^Last name/),
    guestRole: panel.getByRole("radio", { name: "Guest/Tenant" }),
    landlordRole: panel.getByRole("radio", { name: "Landlord/Owner" }),
    signInButton: panel.getByRole("button", { name: "Sign In", exact: true }),
    createAccountButton: panel.getByRole("button", { name: "Create Account", exact: true }),
    backToLogin: page.getByRole("button", { name: "Back to Login" }),
  };
}

export async function signInThroughForm(page: Page, email: string, password = DEMO_PASSWORD): Promise<void> {
  const auth = authScreen(page);
  await page.goto("/auth");
  await auth.email.fill(email);
  await auth.password.fill(password);
  await auth.signInButton.click();
}

/** A toast (Radix renders each in the notifications region) holding this text. */
export function toast(page: Page, text: string | RegExp) {
  return page.getByRole("region", { name: /Notifications/ }).getByText(text);
}
