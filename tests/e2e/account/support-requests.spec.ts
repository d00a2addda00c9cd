import {
  DEMO_ACCOUNTS,
  newestMessageTo,
  registerVerifiedGuest,
  signInThroughApi,
  uniquePerson,
} from "../support/accounts";
import { analyzeAccessibility, formatViolations } from "../support/axe";
import { expect, test, waitForApp } from "../support/test";

/**
 * Support that reaches someone: the contact page takes a message from anyone, the team answers it from the admin
 * area, and the person reads the answer in their account (and by e-mail) and can write again.
 */
test.describe("support requests", () => {
  test("a visitor writes from the contact page and is told the request's reference, by e-mail too", async ({
    page,
    request,
    axe,
  }) => {
    const visitor = uniquePerson("contact-visitor");
    await page.goto("/contact");
    await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
    const form = page.getByRole("form", { name: "Write to our team" });

    // Nothing is sent until the form says what is missing, next to each field.
    await form.getByRole("button", { name: "Send message" }).click();
    await expect(form.getByText("Please choose what your message is about")).toBeVisible();
    await expect(form.getByText("Message must be at least 10 characters")).toBeVisible();
    await axe.expectNoViolations({ label: "contact form with errors" });

    await form.getByRole("textbox", { name: "Your name" }).fill(`${visitor.firstName} ${visitor.lastName}`);
    await form.getByRole("textbox", { name: "Email" }).fill(visitor.email);
    await form.getByRole("combobox", { name: "What is it about?" }).selectOption({ label: "Listing a property" });
    await form
      .getByRole("textbox", { name: "Message" })
      .fill("Do you take homes in Richmond as well as central London?");
    await form.getByRole("button", { name: "Send message" }).click();

    const sent = page.getByRole("status").filter({ hasText: /Request SUP-\d{6} sent/ });
    await expect(sent).toBeVisible();
    const reference = (await sent.getByRole("heading").textContent())?.match(/SUP-\d{6}/)?.[0];
    await expect(sent).toContainText(visitor.email);
    const acknowledgement = await newestMessageTo(request, visitor.email, "email");
    expect(acknowledgement.subject).toContain(reference);
  });

  test("a guest's request is answered by an admin, read in the account, and opened again by the guest's reply", async ({
    page,
    browser,
    axe,
  }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    const guest = await registerVerifiedGuest(page.request, "support-guest");
    await page.goto("/contact?topic=account");
    const form = page.getByRole("form", { name: "Write to our team" });
    // Signed in, the answer goes to the account's address: no name or e-mail to give.
    await expect(form.getByRole("textbox", { name: "Email" })).toHaveCount(0);
    await expect(form.getByRole("combobox", { name: "What is it about?" })).toHaveValue("account");
    await form.getByRole("textbox", { name: "Message" }).fill("How do I change the email address on my account?");
    await form.getByRole("button", { name: "Send message" }).click();
    await page.getByRole("link", { name: "Follow this request" }).click();

    await expect(page.getByRole("heading", { level: 1, name: /^SUP-\d{6}$/ })).toBeVisible();
    const reference = (await page.getByRole("heading", { level: 1 }).textContent()) ?? "";
    await expect(page.getByText("Waiting for our team")).toBeVisible();
    await expect(page.getByRole("list", { name: "Messages" }).getByRole("listitem")).toHaveCount(1);
    await axe.expectNoViolations({ label: "support request (phone)" });

    // The team's side, in another browser.
    const adminContext = await browser.newContext();
    const admin = await adminContext.newPage();
    await signInThroughApi(admin.request, DEMO_ACCOUNTS.admin);
    await admin.goto("/admin/support");
    await waitForApp(admin);
    await expect(admin.getByRole("heading", { level: 1, name: "Support" })).toBeVisible();
    await admin.getByRole("link", { name: new RegExp(reference) }).click();
    await expect(admin.getByRole("heading", { level: 1, name: reference })).toBeVisible();
    await expect(admin.getByRole("link", { name: guest.email })).toBeVisible();
    const violations = await analyzeAccessibility(admin);
    expect(violations, formatViolations(violations, "admin support request")).toEqual([]);
    await admin
      .getByRole("textbox", { name: /^Answer / })
      .fill("Profile will let you change it soon; until then we can change it for you. Reply to confirm.");
    await admin.getByRole("button", { name: "Send answer" }).click();
    await expect(admin.getByText("Answered", { exact: true })).toBeVisible();
    await adminContext.close();

    // The guest reads the answer, signed by the team, and by e-mail.
    await page.reload();
    await expect(page.getByText("Answered", { exact: true })).toBeVisible();
    const thread = page.getByRole("list", { name: "Messages" });
    await expect(thread.getByRole("listitem")).toHaveCount(2);
    await expect(thread.getByRole("listitem").last()).toContainText("StayLondon support");
    const answer = await newestMessageTo(page.request, guest.email, "email");
    expect(answer.body).toContain("we can change it for you");

    await page.getByRole("textbox", { name: "Add to your request" }).fill("Yes please, change it to my work address.");
    await page.getByRole("button", { name: "Send" }).click();
    await expect(thread.getByRole("listitem")).toHaveCount(3);
    await expect(page.getByText("Waiting for our team")).toBeVisible();

    await page.goto("/support");
    await expect(page.getByRole("link", { name: new RegExp(reference) })).toContainText("Waiting for our team");
  });

  test("another signed-in person cannot open someone's request", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.guest);
    await page.goto("/support/999999");
    await expect(page.getByRole("heading", { level: 1, name: "Request not found" })).toBeVisible();
  });
});
