import { type APIRequestContext, expect, type Locator, type Page } from "@playwright/test";
import { propertyForm } from "../../factories";

/** Money as the site shows it: "£1,250" for whole pounds, else "£1,250.50". */
export function formatPounds(value: number | string): string {
  const amount = typeof value === "number" ? value : Number.parseFloat(value);
  return new Intl.NumberFormat("en-GB", {
    style: "currency",
    currency: "GBP",
    minimumFractionDigits: Number.isInteger(amount) ? 0 : 2,
    maximumFractionDigits: 2,
  }).format(amount);
}

/** "£1,250" or "£245.50" -> 1250 / 245.5 */
export function parsePounds(text: string): number {
  const match = text.match(/£\s*([\d,]+(?:\.\d+)?)/);
  if (!match?.[1]) throw new Error(`No £ amount in ${JSON.stringify(text)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** The nightly price a card shows ("£245 / night", "£245 per night", "£245/night"). */
export function parseNightlyPrice(cardText: string): number {
  const match = cardText.match(/£\s*([\d,]+(?:\.\d+)?)\s*(?:\/|per)\s*night/i);
  if (!match?.[1]) throw new Error(`No nightly price in card text ${JSON.stringify(cardText)}`);
  return Number(match[1].replace(/,/g, ""));
}

/** Reads "N properties found" (or "1 property found") and returns N. */
export async function readFoundCount(page: Page): Promise<number> {
  const status = page.getByText(/^\s*\d[\d,]*\s+propert(?:y|ies)\s+found\s*$/i);
  await expect(status).toBeVisible();
  const text = (await status.textContent()) ?? "";
  return Number(text.replace(/[^\d]/g, ""));
}

/** The "N properties found" text, for web-first assertions on the number. */
export function foundCountText(page: Page): Locator {
  return page.getByText(/^\s*\d[\d,]*\s+propert(?:y|ies)\s+found\s*$/i);
}

/**
 * Property cards on the browse page: the smallest element that holds one 'View Details & Book' link and its
 * details. Cards are articles (or list items) around that link.
 */
export function browseCards(page: Page): Locator {
  return page.getByRole("article").filter({ has: page.getByRole("link", { name: /View Details & Book/i }) });
}

/**
 * A new listing of the landlord signed in on `request`, made through POST /api/properties as Add New Property makes
 * it: a one-bedroom flat in Westminster unless `fields` say otherwise. Tests make listings of their own because other
 * tests use the demo listings in parallel. `origin` names an app other than the run's own.
 */
export async function createListingThroughApi<T extends { id: number } = { id: number; title: string }>(
  request: APIRequestContext,
  fields: { title: string; description: string } & Record<string, unknown>,
  origin = "",
): Promise<T> {
  const response = await request.post(`${origin}/api/properties`, {
    data: propertyForm({
      address: "1 Test Street, London SW1A 1AA",
      city: "Westminster",
      pricePerNight: 150,
      pricePerMonth: 3000,
      bedrooms: 1,
      maxGuests: 2,
      ...fields,
    }),
  });
  expect(response.status(), `create property: ${await response.text()}`).toBe(201);
  return (await response.json()) as T;
}
