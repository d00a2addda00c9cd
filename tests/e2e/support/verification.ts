import { expect, type Page } from "@playwright/test";

/** The features of /verification-status's access table (spec 2 §6), in its order. */
export const VERIFICATION_FEATURES = [
  "Browse properties",
  "Create an account",
  "Save favourites",
  "Leave reviews",
  "Contact support",
  "Book properties",
  "Post properties",
] as const;

/** Checks the "Your access" column of /verification-status's feature access table, feature by feature. */
export async function expectFeatureAccess(
  page: Page,
  expected: Partial<Record<(typeof VERIFICATION_FEATURES)[number], string>>,
) {
  const table = page.getByRole("table", { name: "Feature access by verification" });
  for (const [feature, access] of Object.entries(expected)) {
    const row = table.getByRole("row").filter({ has: page.getByRole("rowheader", { name: feature, exact: true }) });
    await expect(row.getByRole("cell").last(), feature).toHaveText(access);
  }
}
