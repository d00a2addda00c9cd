import { register, uniquePerson, uniqueUkMobile } from "../support/accounts";
import { expect, test } from "../support/test";

test.describe("dev outbox", () => {
  test("a developer sees the verification email with a working link, and new texts after Refresh", async ({
    page,
    axe,
  }) => {
    const guest = uniquePerson("guest");
    await register(page.request, guest, "guest");

    await page.goto("/dev/outbox");
    await expect(page.getByRole("heading", { level: 1, name: "Dev Outbox" })).toBeVisible();
    const email = page.getByRole("article", { name: `Email to ${guest.email}` });
    await expect(email).toBeVisible();
    await expect(email.getByRole("heading", { name: "Verify your email address for StayLondon" })).toBeVisible();
    await expect(email.getByRole("link", { name: /\/verify-email\?token=/ })).toHaveAttribute(
      "href",
      /\/verify-email\?token=[\w-]+$/,
    );
    await axe.expectNoViolations({ label: "dev outbox" });

    // A text sent after the page was opened appears on Refresh, above the e-mail (newest first).
    const phone = uniqueUkMobile();
    const sent = await page.request.post("/api/auth/send-phone-verification", {
      data: { phoneNumber: phone.national },
    });
    expect(sent.ok(), await sent.text()).toBe(true);
    await page.getByRole("button", { name: "Refresh" }).click();
    const text = page.getByRole("article", { name: `SMS to ${phone.e164}` });
    await expect(text).toBeVisible();
    await expect(text).toContainText(/\b\d{6}\b/);
    const names = await page
      .getByRole("article")
      .evaluateAll((nodes) => nodes.map((n) => n.getAttribute("aria-label")));
    expect(names.indexOf(`SMS to ${phone.e164}`)).toBeLessThan(names.indexOf(`Email to ${guest.email}`));
  });
});
