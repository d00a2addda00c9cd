import { DEMO_ACCOUNTS, registerVerifiedLandlord, signInThroughApi, toast } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("landlord approval", () => {
  test("an admin approves a new landlord after confirming, and the landlord can then sign in", async ({
    page,
    request,
    playwright,
    baseURL,
    axe,
  }) => {
    const landlord = await registerVerifiedLandlord(request);
    const name = `${landlord.firstName} ${landlord.lastName}`;
    // Before approval the landlord is refused at sign-in.
    const early = await request.post("/api/auth/login", {
      data: { email: landlord.email, password: landlord.password },
    });
    expect(early.status()).toBe(403);

    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/landlord-approval");
    await expect(page.getByRole("heading", { level: 1, name: "Landlord Approvals" })).toBeVisible();
    // The figures are counted from the approvals themselves.
    const approvedToday = page.getByRole("list", { name: "Approval figures" }).getByRole("listitem").filter({
      hasText: "Approved Today",
    });
    await expect(approvedToday).toContainText(/Approved Today\s*\d+$/);
    const before = Number((await approvedToday.textContent())?.match(/(\d+)$/)?.[1]);
    const reviewTime = page.getByRole("list", { name: "Approval figures" }).getByRole("listitem").filter({
      hasText: "Average Review Time",
    });
    await expect(reviewTime).toContainText(/(\d+h|days|None yet|< 1h)Last 90 days$/);

    const row = page.getByRole("listitem", { name });
    await expect(row).toBeVisible();
    await expect(row).toContainText(landlord.email);
    await expect(row).toContainText("Email sign-up");
    await expect(row).toContainText("Email verified");
    await expect(row.getByText(/Applied \d{1,2} \w{3} \d{4}, \d{2}:\d{2}/)).toBeVisible();
    await expect(row.getByRole("link", { name: /View Profile/ })).toHaveAttribute(
      "href",
      /^\/admin\/users\/\d+\/profile$/,
    );
    // The count matches the list.
    const listed = await page.getByRole("list", { name: "Applications" }).getByRole("listitem").count();
    const figures = page.getByRole("list", { name: "Approval figures" });
    await expect(figures.getByRole("listitem").filter({ hasText: "Pending Applications" })).toContainText(
      new RegExp(`Pending Applications\\s*${listed}$`),
    );
    await axe.expectNoViolations({ label: "landlord approvals" });

    await row.getByRole("button", { name: /Approve/ }).click();
    const dialog = page.getByRole("alertdialog");
    await expect(dialog.getByRole("heading", { name: `Approve ${name} as a landlord?` })).toBeVisible();
    await axe.expectNoViolations({ label: "approval dialog" });
    await dialog.getByRole("button", { name: "Approve", exact: true }).click();

    await expect(toast(page, "Landlord Approved")).toBeVisible();
    await expect(page.getByRole("region", { name: /notifications/i })).toContainText(/verify their phone/);
    await expect(row).toHaveCount(0);
    // Others may approve meanwhile in this shared run: at least this approval is counted.
    await expect
      .poll(async () => Number((await approvedToday.textContent())?.match(/(\d+)$/)?.[1]))
      .toBeGreaterThanOrEqual(before + 1);

    // The landlord, in a browser of their own, can now sign in (and is asked to verify their phone).
    const landlordContext = await playwright.request.newContext({ baseURL });
    const login = await landlordContext.post("/api/auth/login", {
      data: { email: landlord.email, password: landlord.password },
    });
    expect(login.status()).toBe(200);
    expect(await login.json()).toMatchObject({ requiresPhoneVerification: true });
    await landlordContext.dispose();
  });

  test("an admin who cancels the confirmation leaves the landlord waiting", async ({ page, request }) => {
    const landlord = await registerVerifiedLandlord(request);
    const name = `${landlord.firstName} ${landlord.lastName}`;
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/landlord-approval");
    const row = page.getByRole("listitem", { name });
    await row.getByRole("button", { name: /Approve/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Cancel" }).click();
    await expect(page.getByRole("alertdialog")).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole("listitem", { name })).toBeVisible();
  });

  test("an admin approving a landlord another admin has just approved is told it failed", async ({ page, request }) => {
    const landlord = await registerVerifiedLandlord(request);
    const name = `${landlord.firstName} ${landlord.lastName}`;
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/landlord-approval");
    const row = page.getByRole("listitem", { name });
    const profileHref = (await row.getByRole("link", { name: /View Profile/ }).getAttribute("href")) ?? "";
    const id = profileHref.match(/\/admin\/users\/(\d+)\/profile/)?.[1];

    // Meanwhile, from another session, the same landlord is approved.
    const approved = await page.request.post(`/api/admin/approve-landlord/${id}`);
    expect(approved.ok()).toBe(true);

    await row.getByRole("button", { name: /Approve/ }).click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Approve", exact: true }).click();
    await expect(toast(page, "Approval Failed")).toBeVisible();
    await expect(page.getByRole("region", { name: /notifications/i })).toContainText(
      "Failed to approve the landlord. Please try again.",
    );
  });

  test("an admin opens an applicant's profile from the queue", async ({ page, request, axe }) => {
    const landlord = await registerVerifiedLandlord(request);
    const name = `${landlord.firstName} ${landlord.lastName}`;
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/landlord-approval");
    await page
      .getByRole("listitem", { name })
      .getByRole("link", { name: /View Profile/ })
      .click();

    await expect(page).toHaveURL(/\/admin\/users\/\d+\/profile$/);
    await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
    const main = page.getByRole("main");
    // The role badge (the profile's role selector offers the same words as an option).
    await expect(main.locator('[data-slot="badge"]').getByText("Landlord/Owner", { exact: true })).toBeVisible();
    await expect(main.getByText("Pending", { exact: true })).toBeVisible();
    await expect(main).toContainText(landlord.email);
    await expect(main).toContainText("Auth provider");
    await expect(main).toContainText("Registration IP");
    await expect(page.getByRole("region", { name: "Approval status" })).toContainText("Not yet approved");
    await expect(page.getByRole("region", { name: "Verification status" })).toBeVisible();
    await axe.expectNoViolations({ label: "admin user profile" });
  });

  test("an admin who opens an unknown user's profile is told the user was not found", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.admin);
    await page.goto("/admin/users/2000000000/profile");
    await expect(page.getByRole("heading", { level: 1, name: "User Not Found" })).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: /Back to User Management/ })).toHaveAttribute(
      "href",
      "/admin/users",
    );
  });
});

test.describe("admin role gate", () => {
  test("a guest who opens an admin page is told which role it needs", async ({ page, axe }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/admin/landlord-approval");
    await expect(
      page.getByText(
        "You don't have the required role to access this area. Required: Administrator. Your role: Guest/Tenant",
        { exact: true },
      ),
    ).toBeVisible();
    await expect(page.getByRole("heading", { name: "Landlord Approvals" })).toHaveCount(0);
    await axe.expectNoViolations({ label: "admin gate wrong role" });
  });

  test("a landlord is refused the admin user profile too", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/admin/users/1/profile");
    await expect(page.getByText(/Required: Administrator\. Your role: Landlord\/Owner$/)).toBeVisible();
  });

  test("a signed-out visitor is asked to log in", async ({ page, axe }) => {
    await page.goto("/admin/landlord-approval");
    await expect(page.getByText("You need to be logged in to access this area.")).toBeVisible();
    await expect(page.getByRole("main").getByRole("link", { name: "Sign In" })).toHaveAttribute(
      "href",
      "/auth?returnTo=%2Fadmin%2Flandlord-approval",
    );
    await axe.expectNoViolations({ label: "admin gate signed out" });
  });
});
