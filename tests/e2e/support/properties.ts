import { expect, type Locator, type Page } from "@playwright/test";

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
