import { type APIRequestContext, expect, type Page } from "@playwright/test";
import { authScreen } from "./accounts";

/**
 * "Google" in the browser tests is a real OpenID Connect provider on 127.0.0.1 (tests/support/oidc-provider.ts,
 * started by playwright.config.ts). Its sign-in form lets whoever fills it in choose who they are at Google.
 */

/** Who signs in at the provider. The e-mail counts as verified by the provider, as Google's addresses are. */
export type ProviderPerson = { email: string; firstName: string; lastName: string };

/** The provider's sign-in form, filled in as the person at Google would. */
export async function signInAtProvider(page: Page, person: ProviderPerson): Promise<void> {
  await expect(providerSignInHeading(page)).toBeVisible();
  await page.getByLabel("Email", { exact: true }).fill(person.email);
  await page.getByLabel("First name").fill(person.firstName);
  await page.getByLabel("Last name").fill(person.lastName);
  await page.getByRole("button", { name: "Sign in" }).click();
}

/**
 * The registration /auth offers a Google account it does not know: Create Account open, with the address Google
 * confirmed filled in and locked, and no password to choose.
 */
export async function expectRegistrationWithProviderEmail(page: Page, email: string): Promise<void> {
  const auth = authScreen(page);
  await expect(auth.registerTab).toHaveAttribute("aria-selected", "true");
  await expect(auth.email).toHaveValue(email);
  await expect(auth.email).toHaveAttribute("readonly", "");
  await expect(auth.password).toHaveCount(0);
}

/** The heading of the provider's sign-in page: the browser has reached "Google". */
export function providerSignInHeading(page: Page) {
  return page.getByRole("heading", { level: 1, name: "Test identity provider" });
}

/**
 * Runs a whole Google sign-in without the page, one redirect at a time, and answers the one-time token the app hands
 * back on `/auth?auth=success&token=…`. Use `page.request`: the token is bound to the browser by the `sl_oauth`
 * cookie, which `page.request` shares with the page, so the page can then complete the sign-in with it.
 */
export async function oauthHandoffToken(
  request: APIRequestContext,
  person: ProviderPerson,
  start: { intent: "login" } | { intent: "register"; role: "guest" | "landlord" },
): Promise<string> {
  let response = await request.get(`/api/auth/google?${new URLSearchParams(start)}`, { maxRedirects: 0 });
  const app = new URL(response.url()).origin;
  for (let hop = 0; hop < 10; hop += 1) {
    const location = response.headers().location ?? "";
    expect(location, `a redirect from ${response.url()} (status ${response.status()})`).not.toBe("");
    const next = new URL(location, response.url());
    if (next.origin === app && next.pathname === "/auth") {
      const token = next.searchParams.get("token") ?? "";
      expect(next.searchParams.get("auth"), `the app's answer: ${next}`).toBe("success");
      expect(token, `a token in ${next}`).toMatch(/^[\w-]{20,}$/);
      return token;
    }
    if (next.origin !== app && /^\/interaction\/[\w-]+$/.test(next.pathname)) {
      // The provider's sign-in form, submitted as the person fills it in.
      response = await request.post(`${next.origin}${next.pathname}/login`, {
        form: {
          email: person.email,
          given_name: person.firstName,
          family_name: person.lastName,
          email_verified: "true",
        },
        maxRedirects: 0,
      });
    } else {
      response = await request.get(next.toString(), { maxRedirects: 0 });
    }
  }
  throw new Error("The Google sign-in did not come back to /auth within 10 redirects");
}
