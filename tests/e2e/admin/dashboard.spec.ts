import type { TAdminStats } from "@common/schemas/admin-dashboard";
import { currentUser, DEMO_ACCOUNTS, registerVerifiedGuest, signInThroughApi } from "../support/accounts";
import { expect, test } from "../support/test";

const TOOLS = [
  ["User Management", "/admin/users"],
  ["Property Management", "/admin/properties"],
  ["Booking Oversight", "/admin/bookings"],
  ["Analytics", "/admin/analytics"],
  ["Landlord Approvals", "/admin/landlord-approval"],
  ["Support", "/admin/support"],
  ["System Logs", "/admin/system-logs"],
  ["HMRC Report", "/admin/platform-report"],
] as const;

const integer = (n: number) => new Intl.NumberFormat("en-GB").format(n);

test.describe("admin dashboard", () => {
  test("an admin sees the platform's figures as the server counted them, every tool, the services' state and recent activity", async ({
    page,
    playwright,
    baseURL,
  }) => {
    // The test makes its own audited action, so Recent Activity has something to show however the tests are ordered.
    const memberContext = await playwright.request.newContext({ baseURL });
    const member = await registerVerifiedGuest(memberContext, "promoted-member");
    const memberId = String((await currentUser(memberContext))?.id);
    await memberContext.dispose();
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    expect((await page.request.put(`/api/admin/users/${memberId}/role`, { data: { role: "contractor" } })).ok()).toBe(
      true,
    );
    // Other specs add users and bookings meanwhile: compare with the answer this page received.
    const statsAnswer = page.waitForResponse((r) => r.url().endsWith("/api/admin/stats"));
    await page.goto("/dashboard");
    const stats = (await (await statsAnswer).json()) as TAdminStats;

    const figures = page.getByRole("region", { name: "Platform figures" });
    await expect(figures.getByRole("link", { name: /^Total Users/ })).toContainText(integer(stats.totalUsers));
    await expect(figures.getByRole("link", { name: /^Active Users/ })).toContainText("Active in last 30 days");
    await expect(figures.getByRole("link", { name: /^Active Users/ })).toContainText(integer(stats.activeUsers));
    await expect(figures.getByRole("link", { name: /^Total Properties/ })).toContainText(
      `${integer(stats.listedProperties)} listed now`,
    );
    await expect(figures.getByRole("link", { name: /^Total Bookings/ })).toContainText(integer(stats.totalBookings));
    await expect(figures.getByRole("link", { name: /^Monthly Revenue/ })).toContainText("£");
    const issues = figures.getByRole("link", { name: /^Pending Issues/ });
    await expect(issues).toContainText(integer(stats.pendingIssues));
    await expect(issues).toContainText(
      /landlord approvals? · \d+ failed payments? · \d+ failed messages? \(last 7 days\)/,
    );
    // The demo data has a landlord waiting, so the card leads to the approvals.
    expect(stats.pendingIssueBreakdown.landlordApprovals).toBeGreaterThan(0);
    await expect(issues).toHaveAttribute("href", "/admin/landlord-approval");

    const tools = page.getByRole("region", { name: "Administration Tools" });
    for (const [label, href] of TOOLS) {
      await expect(tools.getByRole("link", { name: new RegExp(`^${label}`) })).toHaveAttribute("href", href);
    }

    // The browser tests' server has no Stripe or SMTP, and the local OpenID provider stands in for Google.
    const status = page.getByRole("region", { name: "System Status" });
    await expect(status.getByRole("listitem").filter({ hasText: "Database" })).toContainText("Connected");
    await expect(status.getByRole("listitem").filter({ hasText: "Payment System" })).toContainText("Demo mode");
    await expect(status.getByRole("listitem").filter({ hasText: "OAuth Services" })).toContainText("Google");
    await expect(status.getByRole("listitem").filter({ hasText: "Email Service" })).toContainText("Dev outbox");
    await expect(status.getByRole("link", { name: "View System Logs" })).toHaveAttribute("href", "/admin/system-logs");

    const activity = page.getByRole("region", { name: "Recent Activity" });
    await expect(activity.getByRole("listitem").filter({ hasText: member.lastName }).first()).toContainText(
      /Changed .+'s role from Guest\/Tenant to Contractor/,
    );
  });

  for (const [name, viewport] of [
    ["desktop", { width: 1280, height: 800 }],
    ["phone", { width: 390, height: 844 }],
  ] as const) {
    test(`the admin dashboard has no accessibility violations and fits the screen (${name})`, async ({ page, axe }) => {
      await page.setViewportSize(viewport);
      await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
      await page.goto("/dashboard");
      await expect(page.getByRole("region", { name: "System Status" }).getByText("Connected")).toBeVisible();
      await expect(page.getByRole("region", { name: "Recent Activity" }).getByRole("listitem").first()).toBeVisible();
      await axe.expectNoViolations({ label: `admin dashboard (${name})` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    test(`Landlord Approvals has no accessibility violations and fits the screen (${name})`, async ({ page, axe }) => {
      await page.setViewportSize(viewport);
      await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
      await page.goto("/admin/landlord-approval");
      const figures = page.getByRole("list", { name: "Approval figures" });
      await expect(figures.getByRole("listitem").filter({ hasText: "Approved Today" })).toContainText(/\d+$/);
      await expect(page.getByRole("heading", { name: "Applications" })).toBeVisible();
      await axe.expectNoViolations({ label: `landlord approvals (${name})` });
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  }
});
