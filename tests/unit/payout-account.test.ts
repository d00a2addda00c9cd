import { describe, expect, it } from "vitest";
import { payoutState, requirementsInWords } from "../../common/entities/payout-account";

const facts = (changes: Partial<Parameters<typeof payoutState>[0] & object> = {}) => ({
  detailsSubmitted: false,
  payoutsEnabled: false,
  requirementsDue: [] as string[],
  disabledReason: null,
  ...changes,
});

describe("a payout account's state", () => {
  it("is not started without an account, and ready once Stripe pays out", () => {
    expect(payoutState(undefined)).toBe("not_started");
    expect(payoutState(facts({ payoutsEnabled: true, detailsSubmitted: true }))).toBe("ready");
  });

  it("is pending while onboarding is unfinished or Stripe is checking what was sent", () => {
    expect(payoutState(facts({ requirementsDue: ["external_account"], disabledReason: "requirements.past_due" }))).toBe(
      "pending",
    );
    expect(payoutState(facts({ detailsSubmitted: true }))).toBe("pending");
  });

  it("is restricted when Stripe has the details but wants more, or has paused payouts", () => {
    expect(payoutState(facts({ detailsSubmitted: true, requirementsDue: ["individual.verification.document"] }))).toBe(
      "restricted",
    );
    expect(payoutState(facts({ detailsSubmitted: true, disabledReason: "rejected.fraud" }))).toBe("restricted");
  });
});

describe("what Stripe still needs, in words", () => {
  it("names each need once, in a payee's words, and keeps Stripe's name for one it does not know", () => {
    expect(
      requirementsInWords(["individual.dob.day", "individual.dob.month", "external_account", "company.tax_id"]),
    ).toEqual(["Your date of birth", "The bank account to pay you into", "company.tax_id"]);
  });
});
