import type { Page } from "@playwright/test";

/** The home page's hero search and its fields, found as a visitor finds them: by the form's name and the labels. */
export function heroSearch(page: Page) {
  const form = page.getByRole("form", { name: "Search properties" });
  return {
    form,
    where: form.getByLabel(/^Where/),
    checkIn: form.getByLabel(/^Check-in/),
    checkOut: form.getByLabel(/^Check-out/),
    search: form.getByRole("button", { name: "Search", exact: true }),
  };
}
