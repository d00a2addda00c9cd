import { addDays, londonToday, mondayOf } from "../../../common/domain/calendar-dates";
import { serviceFeePence } from "../../../common/domain/pricing";
import { browseCards, formatPounds } from "../support/properties";
import { expect, test } from "../support/test";

/**
 * The first price a guest sees includes every mandatory fee, and it is one figure from the card to the quote.
 * The Camden Modern Studio's only demo pricing rules are a weekend premium and a Christmas price, so a Monday to
 * Thursday stay some months ahead, away from Christmas, has three nights at one price. Other browser tests book
 * 200 to 600 days ahead, and a quote books nothing.
 */
function weekdayStay(): { checkIn: string; checkOut: string } {
  let checkIn = addDays(mondayOf(addDays(londonToday(), 100)), 7);
  while (/-12-(1[89]|2\d|3[01])$|-01-0[1-3]$/.test(checkIn) || /-12-(1[89]|2\d|3[01])$/.test(addDays(checkIn, 2))) {
    checkIn = addDays(checkIn, 7);
  }
  return { checkIn, checkOut: addDays(checkIn, 3) };
}

test("a visitor sees the same all-in nightly price, fees included, on the card, the listing and the quote's first line, then the stay's exact total", async ({
  page,
  request,
}) => {
  const listing = await request.get("/api/properties/camden-modern-studio");
  expect(listing.ok()).toBe(true);
  const { allInPricePerNight, pricePerNight } = (await listing.json()) as {
    allInPricePerNight: string;
    pricePerNight: string;
  };
  const allIn = formatPounds(allInPricePerNight);
  // The figure includes the 10% service fee: it is not the host's own nightly price.
  expect(Number(allInPricePerNight)).toBeGreaterThan(Number(pricePerNight));

  await page.goto("/properties?city=Camden");
  const card = browseCards(page).filter({ hasText: "Camden Modern Studio" });
  await expect(card).toContainText(`${allIn} per night incl. fees`);

  await card.getByRole("link", { name: /View Details & Book/ }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Camden Modern Studio" })).toBeVisible();
  const priceCard = page.getByRole("main").getByRole("region", { name: "Price and booking" });
  await expect(priceCard.getByTestId("listing-all-in-price")).toHaveText(allIn);
  await expect(priceCard).toContainText(`${allIn} per night incl. fees`);

  const stay = weekdayStay();
  await page.goto(`/property/camden-modern-studio?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);
  const firstLine = priceCard.getByTestId("all-in-first-line");
  await expect(firstLine.getByRole("term")).toHaveText(`${allIn} per night incl. fees · 3 nights`);
  // The total is the nights plus the service fee on them (10% rounded to whole pounds), not 3 × the nightly figure.
  const subtotalPence = Math.round(Number(pricePerNight) * 100) * 3;
  const totalPence = subtotalPence + serviceFeePence(subtotalPence);
  await expect(firstLine.getByRole("definition")).toHaveText(formatPounds(totalPence / 100));
  // The breakdown follows, and its total is the first line's.
  await expect(priceCard.getByRole("definition").last()).toHaveText(formatPounds(totalPence / 100));
});

test("All-in price: the same figure on the card, the listing and the first line of the quote, for a London, an Edinburgh and a Welsh listing", async ({
  page,
  request,
  axe,
}) => {
  const stay = weekdayStay();
  for (const { slug, city, levyPercent } of [
    { slug: "camden-modern-studio", city: "Camden", levyPercent: 0 },
    // Edinburgh's visitor levy (5% of each of a stay's first five nights) is in its first price too.
    { slug: "edinburgh-new-town-georgian-flat", city: "Edinburgh", levyPercent: 5 },
    { slug: "cardiff-bay-waterside-apartment", city: "Cardiff", levyPercent: 0 },
  ]) {
    const listing = await request.get(`/api/properties/${slug}`);
    expect(listing.ok()).toBe(true);
    const { title, allInPricePerNight, pricePerNight } = (await listing.json()) as {
      title: string;
      allInPricePerNight: string;
      pricePerNight: string;
    };
    // Worked out here from the host's price: the night, 10% of it and any levy, each to the penny.
    const nightPence = Math.round(Number(pricePerNight) * 100);
    const expectedPence = nightPence + Math.round(nightPence / 10) + Math.round((nightPence * levyPercent) / 100);
    const allIn = formatPounds(expectedPence / 100);
    expect(formatPounds(allInPricePerNight), slug).toBe(allIn);

    await page.goto(`/properties?city=${city}`);
    const card = browseCards(page).filter({ hasText: title });
    await expect(card).toContainText(`${allIn} per night incl. fees`);
    if (levyPercent > 0) await axe.expectNoViolations({ label: `browse ${city} with levy-inclusive prices` });

    await page.goto(`/property/${slug}?checkIn=${stay.checkIn}&checkOut=${stay.checkOut}&guests=2`);
    const priceCard = page.getByRole("main").getByRole("region", { name: "Price and booking" });
    // The card prices the stay once it is live, which it becomes as the visitor reaches it.
    await priceCard.scrollIntoViewIfNeeded();
    await expect(priceCard.getByTestId("listing-all-in-price")).toHaveText(allIn);
    const firstLine = priceCard.getByTestId("all-in-first-line");
    await expect(firstLine.getByRole("term")).toHaveText(`${allIn} per night incl. fees · 3 nights`);
    // The total is the nights, the whole-pound fee on them and the levy on them, as charged.
    const subtotalPence = nightPence * 3;
    const totalPence = subtotalPence + serviceFeePence(subtotalPence) + Math.round((subtotalPence * levyPercent) / 100);
    await expect(firstLine.getByRole("definition")).toHaveText(formatPounds(totalPence / 100));
    if (levyPercent > 0) await axe.expectNoViolations({ label: `listing ${slug} with its levy in the first price` });
  }
});
