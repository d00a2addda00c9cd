import { latestAvailableFrom } from "@common/entities/property";
import { MAX_PHOTO_BYTES } from "@common/schemas/property-form";
import { describe, expect, it } from "vitest";
import {
  BATHROOM_CHOICES,
  BEDROOM_CHOICES,
  checkCreateProperty,
  emptyPropertyForm,
  FURNISHING_CHOICES,
  GUEST_CHOICES,
  locationLabel,
  MIN_TENANCY_CHOICES,
  PROPERTY_TYPE_CHOICES,
  type PropertyFormState,
  photoUrlProblem,
  pickBoroughPlace,
  sortChosenFiles,
} from "../../client/features/properties/landlord/utils/property-form-state";

/** A form that passes every rule. */
function validForm(changes: Partial<PropertyFormState> = {}): PropertyFormState {
  return {
    ...emptyPropertyForm(),
    title: "Bright flat by the park",
    description: "Two calm bedrooms, a big kitchen and the park across the road.",
    address: "12 Marylebone High Street",
    city: "Westminster",
    pricePerNight: "150",
    pricePerMonth: "3200",
    ...changes,
  };
}

function errorsOf(state: PropertyFormState) {
  const result = checkCreateProperty(state);
  if (result.ok) throw new Error("expected the form to be refused");
  return result.errors;
}

describe("the add-property form (spec 2 §5)", () => {
  it("starts with the form defaults and everything else blank", () => {
    const form = emptyPropertyForm();
    expect(form).toMatchObject({
      bedrooms: "1",
      bathrooms: "1",
      maxGuests: "2",
      propertyType: "flat",
      furnishingStatus: "unfurnished",
      title: "",
      city: "",
      minTenancyMonths: "",
      features: [],
    });
    expect(form).toMatchObject({ petsAllowed: false, suitsChildren: true });
    expect(form.tenantPreferences).toEqual({
      smokingAllowed: false,
      dssAccepted: false,
      studentsAccepted: false,
    });
  });

  it("offers the option lists of §5", () => {
    expect(BEDROOM_CHOICES.map((c) => c.label)).toEqual(["0 (Studio)", "1", "2", "3", "4", "5+"]);
    expect(BATHROOM_CHOICES.map((c) => c.label)).toEqual(["1", "2", "3", "4+"]);
    expect(GUEST_CHOICES.map((c) => c.label)).toEqual(["1", "2", "3", "4", "5", "6", "8", "10+"]);
    expect(GUEST_CHOICES.map((c) => c.value)).toEqual(["1", "2", "3", "4", "5", "6", "8", "10"]);
    expect(MIN_TENANCY_CHOICES.map((c) => c.value)).toEqual(["1", "3", "6", "12", "24"]);
    expect(PROPERTY_TYPE_CHOICES.find((c) => c.value === "room")?.label).toBe("Room in Shared House");
    expect(FURNISHING_CHOICES.map((c) => c.value)).toEqual(["furnished", "unfurnished", "part_furnished"]);
  });

  it("gives every message of the validation table word for word", () => {
    const errors = errorsOf({
      ...emptyPropertyForm(),
      title: "Flat",
      description: "Too short",
      address: "1 Road",
      city: "",
      pricePerNight: "0",
      pricePerMonth: "-5",
      bedrooms: "",
      bathrooms: "",
      maxGuests: "",
      propertyType: "",
      furnishingStatus: "",
    });
    expect(errors).toEqual({
      title: "Title must be at least 5 characters",
      description: "Description must be at least 20 characters",
      address: "Address must be at least 10 characters",
      city: "City is required",
      pricePerNight: "Price must be positive",
      pricePerMonth: "Monthly price must be positive",
      bedrooms: "Bedrooms must be 0 or more",
      bathrooms: "At least 1 bathroom required",
      maxGuests: "At least 1 guest capacity required",
      propertyType: "Property type is required",
      furnishingStatus: "Furnishing status is required",
    });
  });

  it("counts blank prices as missing, and trims texts before measuring them", () => {
    expect(errorsOf(validForm({ pricePerNight: "", pricePerMonth: "  " }))).toEqual({
      pricePerNight: "Price must be positive",
      pricePerMonth: "Monthly price must be positive",
    });
    expect(errorsOf(validForm({ title: "   Flat    " })).title).toBe("Title must be at least 5 characters");
  });

  it("refuses a negative square footage or deposit rather than dropping it", () => {
    const errors = errorsOf(validForm({ squareFeet: "-20", depositAmount: "-1" }));
    expect(errors.squareFeet).toBe("Square feet must be 0 or more");
    expect(errors.depositAmount).toBe("Deposit must be 0 or more");
  });

  it("refuses a deposit with fractions of pence, which would be stored rounded", () => {
    expect(errorsOf(validForm({ depositAmount: "0.001" })).depositAmount).toBe("Use at most 2 decimal places");
    expect(errorsOf(validForm({ depositAmount: "1500.555" })).depositAmount).toBe("Use at most 2 decimal places");
    expect(checkCreateProperty(validForm({ depositAmount: "1500.55" })).ok).toBe(true);
  });

  it("takes an availability date from 1 January 2000 to 5 years ahead", () => {
    expect(errorsOf(validForm({ availableFrom: "0100-01-01" })).availableFrom).toBe(
      "Available from must be 1 January 2000 or later",
    );
    expect(errorsOf(validForm({ availableFrom: "1999-12-31" })).availableFrom).toBe(
      "Available from must be 1 January 2000 or later",
    );
    expect(errorsOf(validForm({ availableFrom: "9999-12-31" })).availableFrom).toBe(
      "Available from must be within 5 years",
    );
    expect(checkCreateProperty(validForm({ availableFrom: "2000-01-01" })).ok).toBe(true);
    expect(latestAvailableFrom("2026-11-22")).toBe("2031-11-22");
    expect(latestAvailableFrom("2028-02-29")).toBe("2033-03-01");
  });

  it("applies the before-sending rules and adds an empty amenities list", () => {
    const result = checkCreateProperty(
      validForm({
        title: "  Bright flat by the park  ",
        squareFeet: "0",
        depositAmount: "",
        minTenancyMonths: "",
        availableFrom: "",
        epcRating: "",
        councilTaxBand: "",
        termsAndConditions: "   ",
        features: ["lift", "garden"],
        tenantPreferences: { smokingAllowed: false, dssAccepted: false, studentsAccepted: true },
        petsAllowed: true,
        suitsChildren: false,
      }),
    );
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.payload).toEqual({
      title: "Bright flat by the park",
      description: "Two calm bedrooms, a big kitchen and the park across the road.",
      address: "12 Marylebone High Street",
      city: "Westminster",
      pricePerNight: 150,
      pricePerMonth: 3200,
      bedrooms: 1,
      bathrooms: 1,
      maxGuests: 2,
      propertyType: "flat",
      furnishingStatus: "unfurnished",
      // No minimum tenancy: the home is in England and tenancies there have been periodic since 1 May 2026.
      // Every stay mode at its full length unless the landlord changes them.
      shortLetOffered: true,
      shortLetMinNights: 1,
      shortLetMaxNights: 27,
      midLetOffered: true,
      midLetMinNights: 28,
      midLetMaxNights: null,
      tenancyOffered: true,
      maxTenancyMonths: null,
      // In the list's order, whatever order they were ticked in.
      features: ["garden", "lift"],
      // An unticked "benefits welcome" is not sent as a refusal: a listing may no longer turn such tenants away.
      tenantPreferences: { smokingAllowed: false, studentsAccepted: true },
      petsAllowed: true,
      suitsChildren: false,
      amenities: [],
    });
  });

  it("puts the stay modes' problems on the fields to change, before anything is sent", () => {
    // £3,200 a month: five weeks' rent is £3,692.30, one week's £738.46.
    const errors = errorsOf(validForm({ depositAmount: "3700", holdingDepositAmount: "800", epcRating: "G" }));
    expect(errors.depositAmount).toMatch(/at most five weeks' rent, £3,692.30/);
    expect(errors.holdingDepositAmount).toMatch(/at most one week's rent, £738.46/);
    expect(errors.epcExemptionReference).toMatch(/EPC G can't be let on a tenancy/);
    // Without tenancies none of them apply.
    expect(
      checkCreateProperty(
        validForm({ depositAmount: "3700", holdingDepositAmount: "800", epcRating: "G", tenancyOffered: false }),
      ).ok,
    ).toBe(true);
    expect(errorsOf(validForm({ shortLetMinNights: "10", shortLetMaxNights: "5" })).shortLetMaxNights).toBe(
      "The longest short let can't be shorter than the shortest",
    );
    expect(errorsOf(validForm({ midLetMaxNights: "200" })).midLetMaxNights).toBe(
      "Longest mid let: choose 28 to 184 nights",
    );
    expect(
      errorsOf(validForm({ shortLetOffered: false, midLetOffered: false, tenancyOffered: false })).shortLetOffered,
    ).toBe("Offer at least one kind of stay");
  });

  it("keeps the optional values a landlord did give", () => {
    const result = checkCreateProperty(
      validForm({
        squareFeet: "850",
        depositAmount: "1500.50",
        minTenancyMonths: "12",
        availableFrom: "2027-05-01",
        epcRating: "C",
        councilTaxBand: "E",
        termsAndConditions: "No parties.",
        bedrooms: "0",
      }),
      ["https://images.example.com/a.jpg"],
    );
    expect(result.ok && result.payload).toMatchObject({
      squareFeet: 850,
      depositAmount: 1500.5,
      availableFrom: "2027-05-01",
      epcRating: "C",
      councilTaxBand: "E",
      termsAndConditions: "No parties.",
      bedrooms: 0,
      images: ["https://images.example.com/a.jpg"],
    });
    // An English home from 1 May 2026: tenancies are periodic, so the form sends no minimum term for the server to refuse.
    expect(result.ok && "minTenancyMonths" in result.payload).toBe(false);
  });
});

describe("the dialog's photos (issue 5: 10 MB each, 20 in all)", () => {
  const file = (name: string, size = 1000, type = "image/jpeg") => ({ name, size, type });

  it("takes image addresses starting with http(s) only", () => {
    expect(photoUrlProblem("https://example.com/a.jpg", 0)).toBeNull();
    expect(photoUrlProblem("", 0)).toBe("Enter an image URL starting with https://");
    expect(photoUrlProblem("javascript:alert(1)", 0)).toBe("Enter an image URL starting with https://");
    expect(photoUrlProblem("https://example.com/b.jpg", 20)).toBe("A property can have at most 20 photos.");
  });

  it("refuses files over 10 MB and anything beyond the twentieth photo", () => {
    const { accepted, refused } = sortChosenFiles(
      [file("a.jpg"), file("huge.jpg", MAX_PHOTO_BYTES + 1), file("b.png"), file("c.png")],
      18,
    );
    expect(accepted.map((f) => f.name)).toEqual(["a.jpg", "b.png"]);
    expect(refused).toEqual([
      "“huge.jpg” is larger than 10 MB, the most a photo may be.",
      "A property can have at most 20 photos. 1 file was not added.",
    ]);
    expect(sortChosenFiles([file("exact.jpg", MAX_PHOTO_BYTES)], 0).accepted).toHaveLength(1);
  });

  it("refuses files the browser knows are not images", () => {
    expect(sortChosenFiles([file("notes.txt", 10, "text/plain")], 0)).toEqual({
      accepted: [],
      refused: ["“notes.txt” is not an image."],
    });
  });
});

describe("the Location Preview", () => {
  it("is labelled with the address, the borough and 'London, UK'", () => {
    expect(locationLabel({ address: " 12 Marylebone High Street ", city: "Westminster" })).toBe(
      "12 Marylebone High Street, Westminster, London, UK",
    );
    expect(locationLabel({ address: "", city: "Camden" })).toBe("Camden, London, UK");
  });

  it("pins the London place named like the borough", () => {
    const places = [
      { name: "Greenwich", area: "Kent" },
      { name: "Greenwich Peninsula", area: "London" },
      { name: "Greenwich", area: "London" },
    ];
    expect(pickBoroughPlace("Greenwich", places)).toBe(places[2]);
    expect(pickBoroughPlace("Nowhere", [])).toBeNull();
  });
});
