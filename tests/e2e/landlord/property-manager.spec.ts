import { randomUUID } from "node:crypto";
import type { APIRequestContext, Page } from "@playwright/test";
import { DEMO_ACCOUNTS, signInThroughApi, toast } from "../support/accounts";
import { createListingThroughApi } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * The manage page's Property manager section: the landlord puts manager@ on a property by e-mail, talks to them in
 * the property's conversation, and ends the assignment. Other tests use landlord@'s demo listings (manager@ already
 * manages some), so each test makes a listing of its own first.
 */

const SECTION = "#manage-manager-heading";
const SCREENSHOTS = process.env.PROPERTY_MANAGER_SCREENSHOTS;

async function createProperty(request: APIRequestContext, label: string) {
  return createListingThroughApi(request, {
    title: `Managed flat ${label} ${randomUUID().slice(0, 6)}`,
    description: "A bright one-bedroom flat made by the property manager browser tests.",
    pricePerNight: 160,
    pricePerMonth: 3200,
  });
}

async function openManagerSection(page: Page, id: number) {
  await page.goto(`/properties/${id}/manage?section=manager`);
  await expect(page.getByRole("tab", { name: "Manager", selected: true })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Property manager" })).toBeVisible();
}

/** The section as a locator, for axe and screenshots. */
const section = (page: Page) => page.locator("section", { has: page.locator(SECTION) });

test.describe("Property manager", () => {
  test("the landlord assigns manager@ by e-mail, sees them, writes to them and reads their answer", async ({
    page,
    browser,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const property = await createProperty(page.request, "assign");
    await openManagerSection(page, property.id);
    await expect(page.getByText(/Nobody manages this property/)).toBeVisible();

    const email = page.getByLabel("Property manager's e-mail");
    // Refused before anything is sent, in the shared schema's words; then an address with no manager account.
    await email.fill("not-an-address");
    await page.getByRole("button", { name: "Assign manager" }).click();
    await expect(page.getByText("Enter a valid e-mail address")).toBeVisible();
    await email.fill("nobody.at.all@staylondon.example");
    await page.getByRole("button", { name: "Assign manager" }).click();
    await expect(page.getByText("No property manager account uses that e-mail address")).toBeVisible();
    await expect(email).toHaveAttribute("aria-invalid", "true");

    await email.fill(DEMO_ACCOUNTS.manager);
    await page.getByRole("button", { name: "Assign manager" }).click();
    await expect(toast(page, "Manager assigned")).toBeVisible();
    const current = page.locator("dl").filter({ hasText: DEMO_ACCOUNTS.manager });
    await expect(current.getByText("Sophie Clarke", { exact: true })).toBeVisible();
    await expect(current.getByText(/^Managing since /)).toBeVisible();

    // The conversation with the manager, empty so far.
    await expect(page.getByRole("heading", { level: 3, name: "Conversation with Sophie Clarke" })).toBeVisible();
    await expect(page.getByText("No messages yet")).toBeVisible();
    const message = page.getByLabel("Message to Sophie Clarke");
    await message.fill("<script>alert(1)</script>");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect(page.getByText(/Message must be plain text/)).toBeVisible();
    await message.fill("Hello Sophie, the keys are with the concierge.");
    await page.getByRole("button", { name: "Send message" }).click();
    const messages = page.getByRole("list", { name: "Messages" });
    await expect(messages.getByText("Hello Sophie, the keys are with the concierge.")).toBeVisible();
    await expect(message).toHaveValue("");

    // manager@ answers from their side; the landlord sees it marked new.
    const managerContext = await browser.newContext();
    try {
      await signInThroughApi(managerContext.request, DEMO_ACCOUNTS.manager);
      const threads = (await (await managerContext.request.get("/api/manager-threads")).json()) as {
        assignmentId: number;
        propertyId: number;
        unread: number;
      }[];
      const thread = threads.find((t) => t.propertyId === property.id);
      expect(thread?.unread).toBe(1);
      const reply = await managerContext.request.post(`/api/manager-threads/${thread?.assignmentId}/messages`, {
        data: { body: "Thanks James, I will collect them tomorrow." },
      });
      expect(reply.status()).toBe(201);
    } finally {
      await managerContext.close();
    }
    await openManagerSection(page, property.id);
    await expect(page.getByText("1 new message since you last read")).toBeVisible();
    await expect(messages.getByText("Thanks James, I will collect them tomorrow.")).toBeVisible();
    await expect(messages.getByText("New", { exact: true })).toBeVisible();

    await axe.expectNoViolations({ include: ["main"], label: "property manager section (desktop)" });
    if (SCREENSHOTS) await section(page).screenshot({ path: `${SCREENSHOTS}/property-manager-desktop.png` });

    await page.setViewportSize({ width: 390, height: 844 });
    await expect(page.getByRole("heading", { level: 2, name: "Property manager" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.expectNoViolations({ include: ["main"], label: "property manager section (phone)" });
    if (SCREENSHOTS) await section(page).screenshot({ path: `${SCREENSHOTS}/property-manager-phone.png` });
  });

  test("the landlord ends the assignment after confirming; the conversation stays, read only", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const property = await createProperty(page.request, "end");
    const assign = await page.request.put(`/api/properties/${property.id}/manager`, {
      data: { email: DEMO_ACCOUNTS.manager },
    });
    expect(assign.status()).toBe(200);
    const assignmentId = ((await assign.json()) as { current: { id: number } }).current.id;
    await page.request.post(`/api/manager-threads/${assignmentId}/messages`, { data: { body: "Welcome aboard." } });

    await openManagerSection(page, property.id);
    await page.getByRole("button", { name: "End assignment" }).click();
    const dialog = page.getByRole("alertdialog", { name: "End Sophie Clarke's assignment?" });
    await expect(dialog).toBeVisible();
    await axe.expectNoViolations({ label: "end assignment dialog" });
    // Keeping the manager changes nothing.
    await dialog.getByRole("button", { name: "Keep manager" }).click();
    await expect(dialog).toBeHidden();
    await page.getByRole("button", { name: "End assignment" }).click();
    await dialog.getByRole("button", { name: "End assignment" }).click();
    await expect(toast(page, "Assignment ended")).toBeVisible();

    await expect(page.getByText(/Nobody manages this property/)).toBeVisible();
    const earlier = page.getByRole("listitem").filter({ hasText: DEMO_ACCOUNTS.manager });
    await earlier.getByRole("button", { name: "Read conversation" }).click();
    await expect(earlier.getByText("Welcome aboard.")).toBeVisible();
    await expect(earlier.getByText("Ended: read only")).toBeVisible();
    await expect(earlier.getByRole("button", { name: "Send message" })).toHaveCount(0);
    await axe.expectNoViolations({ include: ["main"], label: "earlier managers with a read-only conversation" });
    if (SCREENSHOTS) await section(page).screenshot({ path: `${SCREENSHOTS}/property-manager-history.png` });
  });
});
