import { addDays, londonToday } from "../../../common/domain/calendar-dates";
import { createUserWithOperatorCommand, type Person, uniquePerson } from "../support/accounts";
import { createListingThroughApi } from "../support/properties";
import { stripeAppForFile } from "../support/stripe-app";
import { expect, test } from "../support/test";

/**
 * A tenant saves the card their monthly rent is collected with, from their booking card, on an app with card payments
 * on (the run's own server is in demo mode: tenancy-notice.spec.ts shows its demo line). Stripe.js comes from
 * js.stripe.com, which nothing here can reach: the browser is refused it, so the page must say that the card form
 * could not load. The card is then saved at the local Stripe server as Stripe.js would have saved it, and both the
 * tenant and the landlord see it saved. The tenant is then offered to replace it, which opens a second SetupIntent.
 */

test.describe.configure({ mode: "serial" });

const app = stripeAppForFile("whsec_e2e_rent_card");

test("a tenant is offered to save a card for their monthly rent, and both sides see it once saved", async ({
  page,
  axe,
}) => {
  // Two apps, PostgreSQL and the browser share the machine: a page can wait its turn.
  test.setTimeout(180_000);
  const { stripe, origin, dataDir } = app();
  const landlord = uniquePerson("rent-landlord");
  const tenant = uniquePerson("rent-tenant");
  await createUserWithOperatorCommand({ ...landlord, role: "landlord", dataDir });
  await createUserWithOperatorCommand({ ...tenant, role: "guest", dataDir });
  const signIn = async (person: Person) => {
    const login = await page.request.post(`${origin}/api/auth/login`, {
      data: { email: person.email, password: person.password },
    });
    expect(login.status(), await login.text()).toBe(200);
  };
  // No test reaches Stripe's own servers: refused at once, as an offline browser would be.
  await page.route("https://js.stripe.com/**", (route) => route.abort());

  await signIn(landlord);
  const listing = await createListingThroughApi(
    page.request,
    {
      title: "Garden flat let by the month",
      description: "A quiet garden flat with a bright kitchen, let as a periodic tenancy with rent paid by card.",
      pricePerMonth: 2345,
    },
    origin,
  );
  await signIn(tenant);
  const checkIn = addDays(londonToday(), 21);
  const asked = await page.request.post(`${origin}/api/bookings`, {
    data: {
      propertyId: listing.id,
      checkIn,
      checkOut: addDays(checkIn, 60),
      guestCount: 1,
      asTenancy: true,
      guestInfo: { firstName: tenant.firstName, lastName: tenant.lastName, email: tenant.email },
    },
  });
  expect(asked.status(), await asked.text()).toBe(201);

  await page.goto(`${origin}/bookings`);
  const panel = page.getByRole("region", { name: "Periodic tenancy: £2,345 a month" });
  await expect(
    panel.getByText(/^No card is saved for your rent yet: your landlord can agree the tenancy/),
  ).toBeVisible();
  await expect(panel.getByText(/Demo mode/)).toHaveCount(0);
  await axe.expectNoViolations({ label: "the offer to save a rent card" });
  await panel.getByRole("button", { name: "Save a card for your monthly rent" }).click();
  await expect(panel.getByRole("alert")).toHaveText(
    "The secure card form from Stripe could not be loaded. Check your connection, then reload the page and try again.",
  );

  // The app asked Stripe for one SetupIntent, on a customer of the tenant's, to keep a card for off-session rent.
  const mine = [...stripe.savedCards.setupIntents.values()].filter(
    (intent) => stripe.savedCards.customers.get(String(intent.customer))?.email === tenant.email,
  );
  expect(mine.map((intent) => intent.usage)).toEqual(["off_session"]);
  stripe.savedCards.confirmSetupIntent(String(mine[0]?.id));

  await page.reload();
  await expect(
    panel.getByText("Your card for the rent is saved: each month's rent is taken from it on its due day."),
  ).toBeVisible();
  await expect(panel.getByRole("button", { name: "Save a card for your monthly rent" })).toHaveCount(0);

  // A saved card can be replaced (one that expired, say): a second SetupIntent on the same customer, which the
  // tenant confirms with Stripe as before; the saved card stays the one charged until then.
  await axe.expectNoViolations({ label: "a saved rent card with the offer to replace it" });
  await panel.getByRole("button", { name: "Replace card" }).click();
  await expect(panel.getByRole("alert")).toHaveText(
    "The secure card form from Stripe could not be loaded. Check your connection, then reload the page and try again.",
  );
  const replacements = [...stripe.savedCards.setupIntents.values()].filter(
    (intent) => intent.customer === mine[0]?.customer && intent.id !== mine[0]?.id,
  );
  expect(replacements.map((intent) => [intent.usage, intent.status])).toEqual([
    ["off_session", "requires_payment_method"],
  ]);
  stripe.savedCards.confirmSetupIntent(String(replacements[0]?.id));
  await page.reload();
  await expect(panel.getByText(/^Your card for the rent is saved/)).toBeVisible();
  await expect(panel.getByRole("button", { name: "Replace card" })).toBeVisible();

  await signIn(landlord);
  await page.goto(`${origin}/landlord/bookings`);
  await expect(page.getByText("The tenant has saved the card their rent is collected with.")).toBeVisible();
  // The request is the landlord's to answer (not a payment awaited from the tenant).
  await expect(page.getByRole("button", { name: "Accept" })).toBeVisible();
});
