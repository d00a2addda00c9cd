import { randomUUID } from "node:crypto";
import { writeFile } from "node:fs/promises";
import type { Locator, Page } from "@playwright/test";
import { AMENITY_NAMES } from "../../../common/domain/amenities";
import { makeImage } from "../../support/images";
import { DEMO_ACCOUNTS, signInNewLandlord, signInThroughApi, toast } from "../support/accounts";
import { expect, test } from "../support/test";

/**
 * The Add New Property dialog (spec 2, issue 5 items 3 and 4), opened from the landlord dashboard. Tests that create
 * properties use a landlord of their own, so landlord@'s figures in other tests stay as they are.
 */

/**
 * A toast raised while the dialog is open. The modal dialog hides the rest of the page from the accessibility tree
 * (Radix announces toasts through a live region of its own), so the notifications region is found by its label here.
 */
function toastBehindDialog(page: Page, text: string) {
  return page.locator('[role="region"][aria-label^="Notifications"]').getByText(text, { exact: true });
}

/** Opens the dialog with the dashboard's Add Property button. */
async function openDialog(page: Page): Promise<Locator> {
  await page.goto("/dashboard");
  await page.getByRole("button", { name: "Add Property", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: "Add New Property" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** A field by its label; labels of required fields end with an asterisk (hidden from screen readers). */
function field(dialog: Locator, label: string): Locator {
  return dialog.getByLabel(new RegExp(`^${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\*?$`));
}

/** A title nobody else in the run uses, so /properties?q= finds only this one. */
function uniqueTitle(label: string): string {
  return `${label} ${randomUUID().slice(0, 8)}`;
}

/** Fills every required field with good values. */
async function fillValidProperty(dialog: Locator, title: string) {
  await field(dialog, "Property title").fill(title);
  await field(dialog, "Description").fill(
    "A calm two-bedroom flat with morning light, a big kitchen and the park nearby.",
  );
  await field(dialog, "Address").fill("27 Parkway, London NW1 7PG");
  await field(dialog, "Borough").selectOption("Camden");
  await field(dialog, "Price per night").fill("185");
  await field(dialog, "Price per month").fill("4200");
}

/** Chooses files with the dialog's own button, as a landlord does. */
async function choosePhotos(page: Page, dialog: Locator, files: { name: string; mimeType: string; buffer: Buffer }[]) {
  const chooser = page.waitForEvent("filechooser");
  await dialog.getByRole("button", { name: "Choose photos" }).click();
  await (await chooser).setFiles(files);
}

/** Starts recording whether the submit button ever read 'Creating...' while disabled (however briefly). */
async function watchForCreating(page: Page) {
  await page.evaluate(() => {
    const record = window as unknown as { sawCreating?: boolean };
    record.sawCreating = false;
    const look = () => {
      for (const button of document.querySelectorAll<HTMLButtonElement>("button[type=submit]")) {
        if (button.textContent?.trim() === "Creating..." && button.disabled) record.sawCreating = true;
      }
    };
    new MutationObserver(look).observe(document.body, {
      subtree: true,
      childList: true,
      characterData: true,
      attributes: true,
    });
  });
}

test.describe("Add New Property dialog", () => {
  test("shows the defaults, and every message of the validation table next to its field", async ({ page }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const dialog = await openDialog(page);

    // Spec 2 §5 form defaults.
    await expect(field(dialog, "Bedrooms")).toHaveValue("1");
    await expect(field(dialog, "Bathrooms")).toHaveValue("1");
    await expect(field(dialog, "Max guests")).toHaveValue("2");
    await expect(field(dialog, "Property type")).toHaveValue("flat");
    await expect(field(dialog, "Furnishing")).toHaveValue("unfurnished");
    await expect(field(dialog, "Property type").locator("option:checked")).toHaveText("Flat");
    await expect(field(dialog, "Bedrooms").locator("option")).toHaveText([
      "Select",
      "0 (Studio)",
      "1",
      "2",
      "3",
      "4",
      "5+",
    ]);
    await expect(field(dialog, "Max guests").locator("option")).toHaveText([
      "Select",
      "1",
      "2",
      "3",
      "4",
      "5",
      "6",
      "8",
      "10+",
    ]);
    // Features, three tenant preferences, pets and children on short stays, the amenities list and the three kinds
    // of stay (all offered until the landlord says otherwise); no amenity is ticked to begin with.
    await expect(dialog.getByRole("checkbox")).toHaveCount(12 + 3 + 2 + AMENITY_NAMES.length + 3);
    await expect(dialog.getByRole("checkbox", { name: "Wi-Fi" })).not.toBeChecked();
    for (const mode of ["Short lets", "Mid lets", "Tenancies"]) {
      await expect(dialog.getByRole("checkbox", { name: mode })).toBeChecked();
    }
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeVisible();

    // Bad values in every field of the table.
    await field(dialog, "Property title").fill("Flat");
    await field(dialog, "Description").fill("Too short");
    await field(dialog, "Address").fill("1 Road");
    await field(dialog, "Price per night").fill("0");
    await field(dialog, "Price per month").fill("-5");
    for (const label of ["Bedrooms", "Bathrooms", "Max guests", "Property type", "Furnishing"]) {
      await field(dialog, label).selectOption("");
    }
    await dialog.getByRole("button", { name: "Create Property" }).click();

    const expected: [string, string][] = [
      ["Property title", "Title must be at least 5 characters"],
      ["Description", "Description must be at least 20 characters"],
      ["Address", "Address must be at least 10 characters"],
      ["Borough", "City is required"],
      ["Price per night", "Price must be positive"],
      ["Price per month", "Monthly price must be positive"],
      ["Bedrooms", "Bedrooms must be 0 or more"],
      ["Bathrooms", "At least 1 bathroom required"],
      ["Max guests", "At least 1 guest capacity required"],
      ["Property type", "Property type is required"],
      ["Furnishing", "Furnishing status is required"],
    ];
    for (const [label, message] of expected) {
      await expect(dialog.getByText(message, { exact: true })).toBeVisible();
      await expect(field(dialog, label)).toHaveAttribute("aria-invalid", "true");
      await expect(field(dialog, label)).toHaveAccessibleDescription(message);
    }
    // The keyboard is taken to the first field that needs attention; the dialog stays open.
    await expect(field(dialog, "Property title")).toBeFocused();
    await expect(dialog).toBeVisible();

    // A message goes as soon as its field is put right.
    await field(dialog, "Property title").fill("A proper title");
    await expect(dialog.getByText("Title must be at least 5 characters")).toHaveCount(0);
    await expect(field(dialog, "Property title")).not.toHaveAttribute("aria-invalid");
    await field(dialog, "Price per night").fill("");
    await expect(dialog.getByText("Price must be positive", { exact: true })).toBeVisible();
  });

  test("a landlord creates a property with an uploaded photo; it is on /properties with the photo", async ({
    page,
    request,
  }) => {
    await signInNewLandlord(page.request, request, "add-property-landlord");
    const dialog = await openDialog(page);
    const title = uniqueTitle("Camden Garden Flat");
    await fillValidProperty(dialog, title);
    await field(dialog, "Bedrooms").selectOption("2");
    await field(dialog, "Square feet").fill("720");
    await field(dialog, "EPC rating").selectOption("C");
    await dialog.getByRole("checkbox", { name: "Garden" }).check();
    await dialog.getByRole("checkbox", { name: "Pets allowed" }).check();
    await dialog.getByRole("checkbox", { name: "Wi-Fi" }).check();
    await dialog.getByRole("checkbox", { name: "Dishwasher" }).check();

    // A photo from the device, then one by address (Enter), which is removed again.
    await choosePhotos(page, dialog, [
      { name: "living-room.png", mimeType: "image/png", buffer: await makeImage("png") },
    ]);
    const images = dialog.getByRole("list", { name: "Selected images" });
    await expect(images.getByRole("img", { name: "Image 1" })).toBeVisible();
    await expect
      .poll(() => images.getByRole("img", { name: "Image 1" }).evaluate((img: HTMLImageElement) => img.naturalWidth))
      .toBe(1200);
    const urlField = dialog.getByLabel("Or add an image URL");
    await urlField.fill("not a url");
    await urlField.press("Enter");
    await expect(dialog.getByText("Enter an image URL starting with https://")).toBeVisible();
    await urlField.fill("https://images.example.com/kitchen.jpg");
    await urlField.press("Enter");
    await expect(images.getByRole("listitem")).toHaveCount(2);
    await expect(urlField).toHaveValue("");
    await dialog.getByRole("button", { name: "Remove image 2" }).click();
    await expect(images.getByRole("listitem")).toHaveCount(1);
    await expect(dialog.getByRole("button", { name: "Remove image 1" })).toBeVisible();

    await watchForCreating(page);
    await dialog.getByRole("button", { name: "Create Property" }).click();
    await expect(toast(page, "Success")).toBeVisible();
    await expect(toast(page, "Property created successfully!")).toBeVisible();
    await expect(dialog).toBeHidden();
    expect(await page.evaluate(() => (window as unknown as { sawCreating?: boolean }).sawCreating)).toBe(true);

    // Opened again, the form has been reset.
    await page.getByRole("button", { name: "Add Property", exact: true }).click();
    const reopened = page.getByRole("dialog", { name: "Add New Property" });
    await expect(field(reopened, "Property title")).toHaveValue("");
    await expect(field(reopened, "Bedrooms")).toHaveValue("1");
    await expect(reopened.getByRole("list", { name: "Selected images" })).toHaveCount(0);
    await reopened.getByRole("button", { name: "Cancel" }).click();
    await expect(reopened).toBeHidden();

    // The public browse page finds it by its title.
    await page.goto(`/properties?q=${encodeURIComponent(title)}`);
    const card = page.getByRole("article").filter({ hasText: title });
    await expect(card).toHaveCount(1);
    await card.getByRole("link", { name: /View Details & Book/i }).click();
    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1, name: title })).toBeVisible();
    // What the host ticked is what guests read: the two amenities, and the garden among them as a feature.
    const amenities = main.getByRole("region", { name: "Amenities" }).getByRole("listitem");
    await expect
      .poll(async () => (await amenities.allTextContents()).sort())
      .toEqual(["Dishwasher", "Garden", "Wi-Fi"]);

    // Its main photo is the uploaded one, stored by the server, and it loads.
    const photo = main.locator('img[src^="/media/photos/"]').first();
    await expect(photo).toBeVisible();
    await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  test("a landlord chooses the stays a new home takes; tenancies need the deposit within its cap and an exemption for EPC G", async ({
    page,
    request,
  }) => {
    await signInNewLandlord(page.request, request, "add-property-landlord");
    const dialog = await openDialog(page);
    const title = uniqueTitle("Bermondsey Warehouse Flat");
    await fillValidProperty(dialog, title);
    // £4,200 a month is £50,400 a year: six weeks' rent, £5,815.38, is the most a tenancy deposit may be.
    await expect(field(dialog, "Deposit")).toHaveAccessibleDescription(
      "For a tenancy, at most £5,815.38: 6 weeks' rent (Tenant Fees Act 2019).",
    );
    await field(dialog, "Deposit").fill("6000");
    await field(dialog, "EPC rating").selectOption("G");
    await dialog.getByRole("checkbox", { name: "Short lets" }).uncheck();
    await expect(field(dialog, "Shortest (nights)")).toHaveCount(1);
    await dialog.getByRole("button", { name: "Create Property" }).click();

    const depositMessage =
      "For a tenancy the deposit can be at most six weeks' rent, £5,815.38 at this monthly rent (Tenant Fees Act 2019). Lower the deposit, or stop offering tenancies.";
    await expect(dialog.getByText(depositMessage)).toBeVisible();
    await expect(field(dialog, "Deposit")).toHaveAttribute("aria-invalid", "true");
    await expect(field(dialog, "EPC exemption reference")).toHaveAttribute("aria-invalid", "true");
    await expect(field(dialog, "Deposit")).toBeFocused();

    await field(dialog, "Deposit").fill("5800");
    await field(dialog, "EPC exemption reference").fill("PRSE-2027-004211");
    // A home in England sets no longest tenancy: tenancies there are periodic.
    await expect(field(dialog, "Longest tenancy")).toHaveCount(0);
    await dialog.getByRole("button", { name: "Create Property" }).click();
    await expect(toast(page, "Property created successfully!")).toBeVisible();

    const mine = (await (await page.request.get("/api/properties/my-properties")).json()) as {
      id: number;
      title: string;
    }[];
    const created = mine.find((p) => p.title === title);
    const stored = await (await page.request.get(`/api/properties/${created?.id}/manage`)).json();
    expect(stored).toMatchObject({
      shortLetOffered: false,
      midLetOffered: true,
      tenancyOffered: true,
      minTenancyMonths: 1,
      maxTenancyMonths: null,
      depositAmount: "5800.00",
      epcRating: "G",
      epcExemptionReference: "PRSE-2027-004211",
    });
  });

  test("a text file named fake.jpg is refused with the server's message and nothing is created", async ({
    page,
    request,
  }) => {
    await signInNewLandlord(page.request, request, "add-property-landlord");
    const fake = { name: "fake.jpg", mimeType: "image/jpeg", buffer: Buffer.from("This is not a photo at all.\n") };
    const title = uniqueTitle("Not A Photo Flat");

    // What the server says about such a file, asked directly.
    const direct = await page.request.post("/api/properties", {
      multipart: {
        property: JSON.stringify({
          title,
          description: "A calm two-bedroom flat with morning light and a big kitchen.",
          address: "27 Parkway, London NW1 7PG",
          city: "Camden",
          pricePerNight: 185,
          pricePerMonth: 4200,
          bedrooms: 1,
          bathrooms: 1,
          maxGuests: 2,
          propertyType: "flat",
          furnishingStatus: "unfurnished",
          amenities: [],
        }),
        photos: fake,
      },
    });
    expect(direct.status(), await direct.text()).toBe(415);
    const serverMessage = ((await direct.json()) as { message: string }).message;
    expect(serverMessage.length).toBeGreaterThan(0);

    const dialog = await openDialog(page);
    await fillValidProperty(dialog, title);
    await choosePhotos(page, dialog, [fake]);
    await expect(dialog.getByRole("button", { name: "Remove image 1" })).toBeVisible();
    await dialog.getByRole("button", { name: "Create Property" }).click();

    await expect(toastBehindDialog(page, "Error")).toBeVisible();
    await expect(toastBehindDialog(page, serverMessage)).toBeVisible();
    // The dialog stays as it was.
    await expect(dialog).toBeVisible();
    await expect(field(dialog, "Property title")).toHaveValue(title);
    await expect(dialog.getByRole("button", { name: "Remove image 1" })).toBeVisible();
    await expect(dialog.getByRole("button", { name: "Create Property" })).toBeEnabled();

    const mine = await page.request.get("/api/properties/my-properties");
    expect(mine.ok(), await mine.text()).toBe(true);
    expect(await mine.json()).toEqual([]);
    const search = await page.request.get(`/api/properties?q=${encodeURIComponent(title)}`);
    expect(search.ok(), await search.text()).toBe(true);
    expect(await search.json()).toEqual([]);
  });

  test("a photo over 10 MB is refused in the browser with a clear message", async ({ page }, testInfo) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    const dialog = await openDialog(page);
    // Chosen from disk, as a person would: a 10 MB buffer handed over the browser's protocol took most of a minute
    // on a busy machine.
    const big = testInfo.outputPath("huge.jpg");
    await writeFile(big, Buffer.alloc(10 * 1024 * 1024 + 1, 1));
    const chooser = page.waitForEvent("filechooser");
    await dialog.getByRole("button", { name: "Choose photos" }).click();
    await (await chooser).setFiles(big);
    await expect(dialog.getByText("“huge.jpg” is larger than 10 MB, the most a photo may be.")).toBeVisible();
    await expect(dialog.getByRole("list", { name: "Selected images" })).toHaveCount(0);
    await expect(dialog.getByText("No images added yet.", { exact: false })).toBeVisible();
  });

  test("the Location Preview appears once a borough is chosen, centred on it (opened from My Properties)", async ({
    page,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/landlord/properties");
    await page.getByRole("button", { name: "Add New Property" }).first().click();
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    await expect(dialog).toBeVisible();
    const preview = dialog.getByRole("region", { name: "Location Preview" });
    await expect(preview).toHaveCount(0);

    await field(dialog, "Borough").selectOption("Greenwich");
    await expect(preview).toBeVisible();
    await expect(preview.getByRole("region", { name: "Map centred on Greenwich, London, UK" })).toBeVisible();
    await expect(preview.locator("figcaption")).toHaveText("Showing Greenwich, London, UK");
    const map = preview.getByRole("region", { name: /^Map centred on/ });
    await expect.poll(async () => (await map.boundingBox())?.height).toBe(300);

    await field(dialog, "Address").fill("1 Cutty Sark Gardens");
    await expect(preview.locator("figcaption")).toHaveText("Showing 1 Cutty Sark Gardens, Greenwich, London, UK");
  });

  test("works from the keyboard alone and has no accessibility violations, on a desktop and a phone", async ({
    page,
    axe,
  }) => {
    await signInThroughApi(page.request, DEMO_ACCOUNTS.landlord);
    await page.goto("/dashboard");
    const trigger = page.getByRole("button", { name: "Add Property", exact: true });
    await trigger.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Add New Property" });
    await expect(dialog).toBeVisible();
    // Focus starts in the first field, and Tab walks on through the form.
    await expect(field(dialog, "Property title")).toBeFocused();
    await page.keyboard.type("Keyboard Cottage");
    await page.keyboard.press("Tab");
    await expect(field(dialog, "Description")).toBeFocused();
    await dialog.getByRole("checkbox", { name: "Balcony" }).focus();
    await page.keyboard.press("Space");
    await expect(dialog.getByRole("checkbox", { name: "Balcony" })).toBeChecked();

    await field(dialog, "Borough").selectOption("Hackney");
    await expect(dialog.getByRole("region", { name: "Location Preview" })).toBeVisible();
    await choosePhotos(page, dialog, [{ name: "front.png", mimeType: "image/png", buffer: await makeImage("png") }]);
    await expect(dialog.getByRole("button", { name: "Remove image 1" })).toBeVisible();
    await axe.expectNoViolations({ label: "add property dialog (desktop)" });

    // With every message showing.
    await field(dialog, "Property title").fill("");
    await dialog.getByRole("button", { name: "Create Property" }).click();
    await expect(dialog.getByText("Title must be at least 5 characters")).toBeVisible();
    await axe.expectNoViolations({ label: "add property dialog with errors (desktop)" });

    // Escape closes it, keeping the draft; the trigger has the focus back.
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    await expect(trigger).toBeFocused();

    await page.setViewportSize({ width: 390, height: 844 });
    await page.reload();
    await page.getByRole("button", { name: "Add Property", exact: true }).click();
    await expect(dialog).toBeVisible();
    // A full-height sheet: the footer's buttons are on screen while the form scrolls inside.
    const box = await dialog.boundingBox();
    expect(box?.width).toBe(390);
    await expect(dialog.getByRole("button", { name: "Create Property" })).toBeInViewport();
    await expect(dialog.getByRole("button", { name: "Cancel" })).toBeInViewport();
    await field(dialog, "Borough").selectOption("Lambeth");
    await expect(dialog.getByRole("region", { name: "Location Preview" })).toBeVisible();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await axe.expectNoViolations({ label: "add property dialog (phone)" });
  });
});
