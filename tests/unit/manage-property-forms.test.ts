import type { TManagedProperty, TPricingRule } from "@common/schemas/landlord-properties";
import { describe, expect, it } from "vitest";
import { checkUpdateProperty, formStateFromProperty } from "@/features/properties/landlord/utils/edit-property-form";
import {
  checkRuleDraft,
  draftFromRule,
  EMPTY_RULE_DRAFT,
  ruleChange,
  ruleDays,
  ruleStay,
  ruleWhen,
} from "@/features/properties/landlord/utils/pricing-rule-form";

describe("the pricing-rule draft", () => {
  it("shows the contract's messages under the fields", () => {
    const checked = checkRuleDraft(EMPTY_RULE_DRAFT);
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors.name).toBe("Name is required");
    expect(checked.errors.amount).toBe("Give either a price change in percent or a fixed nightly price");
  });

  it("checks each field's limits and unreadable numbers", () => {
    const checked = checkRuleDraft({ ...EMPTY_RULE_DRAFT, name: "Spring", amount: "-95", priority: "abc" });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      amount: "A price change can lower the price by at most 90%",
      priority: "Priority must be a whole number from 0 to 100",
    });
  });

  it("refuses dates outside the calendar and amounts with more than 2 decimals", () => {
    const dates = checkRuleDraft({
      ...EMPTY_RULE_DRAFT,
      name: "Forever",
      startDate: "0100-01-01",
      endDate: "9999-12-31",
      amount: "10",
    });
    expect(dates.ok).toBe(false);
    if (dates.ok) return;
    expect(dates.errors).toEqual({
      startDate: "Start date must be between 1 January 2000 and 31 December 2100",
      endDate: "End date must be between 1 January 2000 and 31 December 2100",
    });
    for (const [changeKind, amount] of [
      ["percent", "0.004"],
      ["fixed", "90.555"],
    ] as const) {
      const checked = checkRuleDraft({ ...EMPTY_RULE_DRAFT, name: "Tiny", changeKind, amount });
      expect(checked.ok ? null : checked.errors).toEqual({ amount: "Use at most 2 decimal places" });
    }
    expect(checkRuleDraft({ ...EMPTY_RULE_DRAFT, name: "Pennies", changeKind: "fixed", amount: "19.99" }).ok).toBe(
      true,
    );
  });

  it("checks dates and stay lengths against each other once each field is valid", () => {
    const checked = checkRuleDraft({
      ...EMPTY_RULE_DRAFT,
      name: "Spring",
      startDate: "2027-04-10",
      endDate: "2027-04-01",
      minStayLength: "7",
      maxStayLength: "3",
      amount: "10",
    });
    expect(checked.ok).toBe(false);
    if (checked.ok) return;
    expect(checked.errors).toEqual({
      endDate: "End date must be on or after the start date",
      maxStayLength: "Maximum stay must be at least the minimum stay",
    });
  });

  it("sends a percentage or a fixed price, never both, and no days for every day", () => {
    const percent = checkRuleDraft({ ...EMPTY_RULE_DRAFT, name: " Summer ", amount: "15", daysOfWeek: [6, 5] });
    expect(percent).toEqual({
      ok: true,
      input: expect.objectContaining({
        name: "Summer",
        priceModifier: 15,
        fixedPrice: null,
        daysOfWeek: [5, 6],
        priority: 0,
        isActive: true,
      }),
    });
    const fixed = checkRuleDraft({
      ...EMPTY_RULE_DRAFT,
      name: "Christmas",
      changeKind: "fixed",
      amount: "260",
      daysOfWeek: [0, 1, 2, 3, 4, 5, 6],
    });
    expect(fixed).toEqual({
      ok: true,
      input: expect.objectContaining({ priceModifier: null, fixedPrice: 260, daysOfWeek: null }),
    });
  });

  it("edits a stored rule as it was", () => {
    const rule: TPricingRule = {
      id: 4,
      name: "Long stays",
      startDate: null,
      endDate: "2027-12-31",
      daysOfWeek: null,
      minStayLength: 7,
      maxStayLength: null,
      priceModifier: -10,
      fixedPrice: null,
      isActive: false,
      priority: 3,
      createdAt: "2027-01-01T00:00:00.000Z",
    };
    expect(draftFromRule(rule)).toMatchObject({ changeKind: "percent", amount: "-10", minStayLength: "7" });
    expect(ruleChange(rule)).toBe("−10%");
    expect(ruleWhen(rule)).toBe("Until 31 December 2027");
    expect(ruleStay(rule)).toBe("7 nights or more");
    expect(ruleDays(rule.daysOfWeek)).toBe("Every day");
    expect(ruleDays([6, 0, 1])).toBe("Mon, Sat, Sun");
    expect(ruleChange({ priceModifier: null, fixedPrice: 180 })).toBe("£180 a night (fixed)");
    // Shown as stored: two decimals are not rounded to one.
    expect(ruleChange({ priceModifier: 0.25, fixedPrice: null })).toBe("+0.25%");
    expect(ruleChange({ priceModifier: -12.5, fixedPrice: null })).toBe("−12.5%");
    expect(ruleWhen({ startDate: "2027-12-20", endDate: "2027-12-27" })).toBe("20 December 2027 to 27 December 2027");
    expect(ruleStay({ minStayLength: 2, maxStayLength: 5 })).toBe("2 to 5 nights");
  });
});

describe("the edit form", () => {
  const property = {
    id: 7,
    title: "Bright flat by the park",
    description: "A calm flat with long views over the park and the river.",
    address: "12 Park Lane, London W1K 1AA",
    city: "Westminster",
    pricePerNight: "245.00",
    pricePerMonth: "5200.50",
    bedrooms: 2,
    bathrooms: 1,
    maxGuests: 4,
    propertyType: "flat",
    furnishingStatus: "furnished",
    squareFeet: null,
    depositAmount: "1000.00",
    holdingDepositAmount: null,
    securityDepositAmount: null,
    minTenancyMonths: 6,
    shortLetOffered: true,
    shortLetMinNights: 2,
    shortLetMaxNights: 27,
    midLetOffered: false,
    midLetMinNights: 28,
    midLetMaxNights: 90,
    tenancyOffered: true,
    maxTenancyMonths: null,
    availableFrom: null,
    epcRating: "C",
    epcExemptionReference: null,
    nation: "England",
    levyArea: null,
    shortLetLicenceNumber: null,
    welshRegistrationNumber: null,
    councilTaxBand: null,
    termsAndConditions: null,
    features: ["lift", "balcony"],
    // A name from the form's list, and one typed in before the list existed (kept on the listing, not offered).
    amenities: ["Dishwasher", "Wi-Fi", "Roof terrace view"],
    tenantPreferences: { petsAllowed: true },
    petsAllowed: true,
    suitsChildren: true,
    cancellationPolicy: "moderate",
  } as unknown as TManagedProperty;

  it("starts from the stored property, as a landlord would type it", () => {
    const form = formStateFromProperty(property);
    expect(form).toMatchObject({
      pricePerNight: "245",
      pricePerMonth: "5200.5",
      depositAmount: "1000",
      squareFeet: "",
      epcRating: "C",
      councilTaxBand: "",
      shortLetMinNights: "2",
      midLetOffered: false,
      midLetMaxNights: "90",
      maxTenancyMonths: "",
      features: ["balcony", "lift"],
      amenities: ["Wi-Fi", "Dishwasher"],
      tenantPreferences: { smokingAllowed: false, dssAccepted: false, studentsAccepted: false },
      petsAllowed: true,
      suitsChildren: true,
    });
  });

  it("sends every field with the policy, blank optional ones left out", () => {
    const checked = checkUpdateProperty(formStateFromProperty(property), "strict");
    expect(checked.ok).toBe(true);
    if (!checked.ok) return;
    expect(checked.payload).toMatchObject({
      pricePerNight: 245,
      depositAmount: 1000,
      cancellationPolicy: "strict",
      shortLetMinNights: 2,
      midLetOffered: false,
      midLetMaxNights: 90,
      maxTenancyMonths: null,
    });
    // Left out of the JSON sent: the server clears them.
    expect(checked.payload.squareFeet).toBeUndefined();
    expect(checked.payload.councilTaxBand).toBeUndefined();
    expect(JSON.parse(JSON.stringify(checked.payload))).not.toHaveProperty("councilTaxBand");
  });

  it("refuses with the validation table's messages", () => {
    const checked = checkUpdateProperty(
      { ...formStateFromProperty(property), title: "Flat", bathrooms: "0" },
      "flexible",
    );
    expect(checked).toEqual({
      ok: false,
      errors: expect.objectContaining({
        title: "Title must be at least 5 characters",
        bathrooms: "At least 1 bathroom required",
      }),
    });
    const limits = checkUpdateProperty(
      { ...formStateFromProperty(property), depositAmount: "0.001", availableFrom: "9999-12-31" },
      "flexible",
    );
    expect(limits).toEqual({
      ok: false,
      errors: expect.objectContaining({
        depositAmount: "Use at most 2 decimal places",
        availableFrom: "Available from must be within 5 years",
      }),
    });
  });
});
