import type { Locator, Page } from "@playwright/test";
import {
  currentUser,
  DEMO_ACCOUNTS,
  enrolTwoFactorThroughApi,
  type Person,
  registerVerifiedGuest,
  signInThroughApi,
  signInThroughForm,
  toast,
} from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * User Management and the admin's view of a profile. The run's database is shared and seeded, so every role
 * change and freeze here happens to people the test registers itself; the demo accounts are only read.
 */

const fullNameOf = (person: Person) => `${person.firstName} ${person.lastName}`;
const OWN_ROLE_NOTE = "(You cannot change your own role)";

/** Types `text` into the search box as an admin does, and answers the one table row naming `name`. */
async function findRow(page: Page, text: string, name: string): Promise<Locator> {
  // The previous page stays on screen while the search is read, and may already show the row: wait for the
  // search's own answer, or a later step could race it (an admin whose role is taken away meanwhile).
  const searched = page.waitForResponse((response) => {
    const url = new URL(response.url());
    return url.pathname === "/api/admin/users" && url.searchParams.get("q") === text;
  });
  await page.getByRole("searchbox", { name: "Search users" }).fill(text);
  // The search reaches the address bar (and the server) once typing settles.
  await expect.poll(() => new URL(page.url()).searchParams.get("q")).toBe(text);
  await searched;
  await expect(page.getByRole("region", { name: "Users" })).not.toHaveAttribute("aria-busy", "true");
  const row = page.getByRole("row").filter({ hasText: name });
  await expect(row).toHaveCount(1);
  return row;
}

const roleBadge = (scope: Page | Locator, label: string) => scope.locator('[data-slot="badge"]', { hasText: label });

/** The user id behind a row's View Profile link. */
async function idFromRow(row: Locator): Promise<string> {
  const href = (await row.getByRole("link", { name: /View Profile/ }).getAttribute("href")) ?? "";
  const id = /\/admin\/users\/(\d+)\/profile$/.exec(href)?.[1];
  expect(id, `a profile link in the row: ${href}`).toBeDefined();
  return id as string;
}

test.describe("User Management", () => {
  test("an admin makes a guest a landlord: the row shows the server's answer and the guest's next request has the new role", async ({
    page,
    playwright,
    baseURL,
    axe,
  }) => {
    // The guest signs in on a request context of their own: their own browser, as far as the server knows.
    const guestContext = await playwright.request.newContext({ baseURL });
    const guest = await registerVerifiedGuest(guestContext, "role-change");
    const name = fullNameOf(guest);
    expect(await currentUser(guestContext)).toMatchObject({ role: "guest" });

    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    await expect(page.getByRole("heading", { level: 1, name: "User Management" })).toBeVisible();
    const row = await findRow(page, guest.lastName, name);
    await expect(row).toContainText(guest.email);
    await expect(row.getByRole("cell").nth(2)).toHaveText(/^\d{1,2} [A-Z][a-z]+ \d{4}$/);
    await expect(roleBadge(row, "Guest/Tenant")).toBeVisible();
    await axe.expectNoViolations({ label: "user management with a search" });

    const select = row.getByRole("combobox", { name: `Role for ${name}` });
    await expect(select).toHaveValue("guest");
    await select.selectOption("landlord");
    await expect(toast(page, "Role updated")).toBeVisible();
    await expect(
      toast(page, new RegExp(`${name} is now Landlord/Owner\\. Their landlord account is approved\\.`)),
    ).toBeVisible();
    await expect(select).toHaveValue("landlord");
    await expect(roleBadge(row, "Landlord/Owner")).toBeVisible();

    // The guest's own browser reads the new role on its very next request, without signing in again.
    expect(await currentUser(guestContext)).toMatchObject({ role: "landlord", isApproved: true });
    await guestContext.dispose();
  });

  test("the admin's own row says they cannot change their own role, and offers no freeze", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    const row = await findRow(page, DEMO_ACCOUNTS.admin, "Eleanor Whitfield");
    await expect(row).toContainText(OWN_ROLE_NOTE);
    await expect(row).toContainText("You");
    await expect(row.getByRole("combobox")).toHaveCount(0);
    await expect(row.getByRole("button", { name: /Freeze/ })).toHaveCount(0);
    await expect(roleBadge(row, "Platform Administrator")).toBeVisible();
  });

  test("a refused role change toasts the server's reason and the selector shows the old role again", async ({
    page,
    request,
    playwright,
    baseURL,
  }) => {
    // A second admin (made one by the demo admin) has the page open when the demo admin takes the role back.
    await registerVerifiedGuest(page.request, "short-lived-admin");
    await signInThroughApi(request, DEMO_ACCOUNTS.admin);
    const helperId = String((await currentUser(page.request))?.id);
    expect((await request.put(`/api/admin/users/${helperId}/role`, { data: { role: "admin" } })).ok()).toBe(true);
    // An administrator reaches the admin pages only with two-factor sign-in set up.
    await enrolTwoFactorThroughApi(page.request);
    const targetContext = await playwright.request.newContext({ baseURL });
    const target = await registerVerifiedGuest(targetContext, "refused-change");
    const name = fullNameOf(target);

    await page.goto("/admin/users");
    const row = await findRow(page, target.lastName, name);
    expect((await request.put(`/api/admin/users/${helperId}/role`, { data: { role: "guest" } })).ok()).toBe(true);

    const select = row.getByRole("combobox", { name: `Role for ${name}` });
    await select.selectOption("contractor");
    await expect(toast(page, "Role not changed")).toBeVisible();
    await expect(toast(page, /Required: Administrator\. Your role: Guest\/Tenant/)).toBeVisible();
    await expect(select).toHaveValue("guest");
    expect(await currentUser(targetContext)).toMatchObject({ role: "guest" });
    await targetContext.dispose();
  });

  test("an admin freezes a signed-in guest, who is signed out and refused sign-in until the account is unfrozen", async ({
    page,
    browser,
    axe,
  }) => {
    const guestBrowser = await browser.newContext();
    const guestPage = await guestBrowser.newPage();
    const guest = await registerVerifiedGuest(guestPage.request, "frozen-guest");
    const name = fullNameOf(guest);
    await guestPage.goto("/bookings");
    await expect(guestPage.getByRole("heading", { level: 1, name: "My Bookings" })).toBeVisible();

    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    const row = await findRow(page, guest.lastName, name);
    await row.getByRole("button", { name: `Freeze ${name}` }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: `Freeze ${name}'s account?` })).toBeVisible();
    await dialog.getByRole("button", { name: "Freeze account" }).click();
    await expect(dialog.getByText("Please give a reason")).toBeVisible();
    await axe.expectNoViolations({ label: "freeze dialog" });
    await dialog.getByLabel(/Reason for freezing/).fill("Card chargebacks on three stays");
    await dialog.getByRole("button", { name: "Freeze account" }).click();
    await expect(toast(page, "Account frozen")).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(roleBadge(row, "Frozen")).toBeVisible();
    // The keyboard lands on the button that replaced Freeze.
    await expect(row.getByRole("button", { name: `Unfreeze ${name}` })).toBeFocused();

    // The guest's next page finds them signed out, and signing in again is refused.
    await guestPage.reload();
    await expect(guestPage.getByText("Sign in to see your bookings")).toBeVisible();
    await signInThroughForm(guestPage, guest.email, guest.password);
    await expect(toast(guestPage, "This account has been frozen. Please contact support.")).toBeVisible();
    await expect(guestPage).toHaveURL(/\/auth/);

    // The profile shows why and when.
    await page.goto(`/admin/users/${await idFromRow(row)}/profile`);
    const manage = page.getByRole("region", { name: "Manage account" });
    await expect(manage).toContainText("Card chargebacks on three stays");
    await expect(manage).toContainText("Frozen since");
    await expect(page.getByRole("region", { name: "Recent activity" })).toContainText(
      `Froze ${name}'s account: Card chargebacks on three stays`,
    );

    await manage.getByRole("button", { name: `Unfreeze ${name}` }).click();
    await expect(toast(page, "Account unfrozen")).toBeVisible();
    await expect(manage.getByRole("button", { name: `Freeze ${name}` })).toBeFocused();
    await expect(page.getByRole("region", { name: "Recent activity" })).toContainText(`Unfroze ${name}'s account`);

    await signInThroughForm(guestPage, guest.email, guest.password);
    await expect(toast(guestPage, "Welcome back!")).toBeVisible();
    await expect(guestPage).toHaveURL(/\/dashboard$/);
    await guestBrowser.close();
  });

  test("the role and state filters and the search are kept in the address and asked of the server", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    await page.getByLabel("Role", { exact: true }).selectOption("property_manager");
    await expect(page).toHaveURL(/[?&]role=property_manager/);
    const rows = page.getByRole("row").filter({ has: page.getByRole("cell") });
    await expect(rows.first()).toBeVisible();
    // Every row shown is a property manager (the previous page stays on screen until the server answers).
    await expect(rows.filter({ hasNot: roleBadge(page, "Property Manager") })).toHaveCount(0);

    await page.getByLabel("Role", { exact: true }).selectOption("all");
    await page.getByLabel("State", { exact: true }).selectOption("awaiting_approval");
    await expect(page).toHaveURL(/[?&]state=awaiting_approval/);
    const pending = await findRow(page, "pending.landlord", "Daniel Okafor");
    await expect(roleBadge(pending, "Awaiting approval")).toBeVisible();

    // Text that looks like SQL is an ordinary search that matches nobody.
    await page.getByRole("searchbox", { name: "Search users" }).fill("' or 1=1 --");
    await expect(page.getByText("No users match")).toBeVisible();
    await expect(page.getByText("0 users match")).toBeVisible();
    await page.getByRole("button", { name: "Clear search and filters" }).click();
    await expect(page).toHaveURL(/\/admin\/users$/);
    await expect(page.getByRole("searchbox", { name: "Search users" })).toHaveValue("");
    await expect(page.getByText(/^\d+ users$/)).toBeVisible();
    await expect(page.getByRole("row").filter({ has: page.getByRole("cell") })).toHaveCount(20);
  });

  test("an admin changes a role from a user's profile, which shows their counts and the change in its activity", async ({
    page,
    playwright,
    baseURL,
  }) => {
    const guestContext = await playwright.request.newContext({ baseURL });
    const guest = await registerVerifiedGuest(guestContext, "profile-role");
    const name = fullNameOf(guest);
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    const row = await findRow(page, guest.lastName, name);
    await row.getByRole("link", { name: `View Profile of ${name}` }).click();

    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const counts = page.getByRole("list", { name: "On StayLondon" });
    await expect(counts.getByRole("listitem").filter({ hasText: "Bookings" })).toContainText("0");
    await expect(counts.getByRole("listitem").filter({ hasText: "Listings" })).toContainText("0");
    await expect(page.getByText("No recorded activity yet")).toBeVisible();

    const manage = page.getByRole("region", { name: "Manage account" });
    await manage.getByRole("combobox", { name: `Role for ${name}` }).selectOption("contractor");
    await expect(toast(page, "Role updated")).toBeVisible();
    await expect(page.getByRole("region", { name: "Recent activity" })).toContainText(
      `Changed ${name}'s role from Guest/Tenant to Contractor/Service Provider`,
    );
    await expect(page.getByRole("region", { name: "Recent activity" })).toContainText("by Eleanor Whitfield");
    expect(await currentUser(guestContext)).toMatchObject({ role: "contractor" });

    await page.getByRole("link", { name: "Back to User Management" }).click();
    await expect(page).toHaveURL(/\/admin\/users(\?|$)/);
    await guestContext.dispose();
  });

  test("an admin's own profile offers no role or freeze controls", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users");
    const row = await findRow(page, DEMO_ACCOUNTS.admin, "Eleanor Whitfield");
    await row.getByRole("link", { name: /View Profile/ }).click();
    const manage = page.getByRole("region", { name: "Manage account" });
    await expect(manage).toContainText(OWN_ROLE_NOTE);
    await expect(manage.getByRole("combobox")).toHaveCount(0);
    await expect(manage.getByRole("button")).toHaveCount(0);
  });
});

for (const [size, viewport] of [
  ["desktop", { width: 1280, height: 800 }],
  ["phone", { width: 390, height: 844 }],
] as const) {
  test.describe(`User Management on a ${size}`, () => {
    test.use({ viewport });

    test(`the list and a profile pass axe and fit the ${size} screen`, async ({ page, request, axe }) => {
      // Someone new, with the long kind of address that must wrap rather than widen the page.
      const newcomer = await registerVerifiedGuest(request, `long-address-${size}`);
      await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
      await page.goto("/admin/users");
      await expect(page.getByText(/^\d+ users$/)).toBeVisible();
      const rows = size === "desktop" ? page.getByRole("table") : page.getByRole("list", { name: "Users" });
      await expect(rows).toBeVisible();
      await expect(
        size === "desktop" ? page.getByRole("list", { name: "Users" }) : page.getByRole("table"),
      ).toBeHidden();
      await expectNoSidewaysScroll(page, viewport.width);
      await axe.expectNoViolations({ label: `user management (${size})` });

      await page.goto(`/admin/users?q=${newcomer.lastName}`);
      await page.getByRole("link", { name: `View Profile of ${fullNameOf(newcomer)}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: fullNameOf(newcomer) })).toBeVisible();
      await expect(page.getByRole("region", { name: "Contact" })).toContainText(newcomer.email);
      await expect(page.getByRole("region", { name: "Recent activity" })).toBeVisible();
      await expectNoSidewaysScroll(page, viewport.width);
      await axe.expectNoViolations({ label: `admin user profile (${size})` });
    });
  });
}

async function expectNoSidewaysScroll(page: Page, width: number) {
  const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(scrollWidth, `the page is ${scrollWidth}px wide on a ${width}px screen`).toBeLessThanOrEqual(width);
}

test.describe("who may open User Management", () => {
  test("a guest is told the page is for administrators", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/admin/users");
    await expect(
      page.getByText(
        "You don't have the required role to access this area. Required: Administrator. Your role: Guest/Tenant",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "User Management" })).toHaveCount(0);
  });

  test("a signed-out visitor is asked to log in", async ({ page }) => {
    await page.goto("/admin/users");
    await expect(page.getByText("You need to be logged in to access this area.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fadmin%2Fusers",
    );
  });
});
