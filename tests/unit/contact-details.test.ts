import { describe, expect, it } from "vitest";
import { HIDDEN, maskContactDetails } from "../../server/lib/contact-details";

/** What a guest and a host may not swap before a confirmed booking, in the forms people actually type them. */
const masked = (text: string) => maskContactDetails(text).text;

describe("hiding contact details", () => {
  it.each([
    ["07700 900123"],
    ["07700900123"],
    ["07700-900-123"],
    ["07700.900.123"],
    ["0 7 7 0 0 9 0 0 1 2 3"],
    ["+44 7700 900123"],
    ["+447700900123"],
    ["+44 (0)7700 900123"],
    ["0044 7700 900123"],
    ["447700900123"],
    ["020 7946 0958"],
    ["(020) 7946 0958"],
    ["+44 (0)20 7946 0958"],
    ["0207-946-0958"],
    ["01632 960 001"],
    ["0161 496 0000"],
    ["+1 (415) 555-2671"],
    ["+1 415.555.2671"],
    ["+33 1 23 45 67 89"],
    ["+49 30 1234567"],
    ["+91-98765-43210"],
    ["+61 2 9876 5432"],
    ["00353 1 234 5678"],
  ])("hides the phone number %s", (phone) => {
    expect(masked(`Call me on ${phone} tonight`)).toBe(`Call me on ${HIDDEN.phone} tonight`);
  });

  it.each([
    ["ada@example.com"],
    ["Ada.Lovelace+stays@mail.example.co.uk"],
    ["ada_l@example.org"],
    ["ada (at) example (dot) com"],
    ["ada [at] example [dot] com"],
    ["ada{at}example{dot}com"],
    ["ada at gmail dot com"],
    ["ada at example.co.uk"],
    ["ada[at]example.com"],
    ["ada @ example.com"],
  ])("hides the e-mail address %s", (email) => {
    const out = masked(`Write to ${email} please`);
    expect(out).toContain(HIDDEN.email);
    expect(out).not.toMatch(/example|gmail/);
  });

  it.each([
    ["https://example.com/flat?id=3"],
    ["http://example.org"],
    ["HTTP://EXAMPLE.ORG/PAGE"],
    ["www.airbnb.co.uk/rooms/123"],
    ["example.com"],
    ["my-flat.london"],
    ["bit.ly/abc123"],
    ["wa.me/447700900123"],
    ["instagram.com/ada.stays"],
    ["maps.app.goo.gl/xyz"],
  ])("hides the link %s", (url) => {
    const out = masked(`See ${url} for photos`);
    expect(out).toBe(`See ${HIDDEN.link} for photos`);
  });

  it.each([
    ["We arrive on 12/03/2025 and leave on 15/03/2025"],
    ["Dates: 12.03.2025 - 15.03.2025"],
    ["2025-03-12 - 2025-03-15 if possible"],
    ["12/03/2025 15/03/2025"],
    ["It costs £1,250.00 for 3 nights"],
    ["Check-in 15:00-18:00, check-out by 11:00"],
    ["Flat 12, 34 Baker Street, London NW1 6XE"],
    ["Booking SL-000123"],
    ["We are 2 adults and 3 children"],
    ["Between 2025 and 2026"],
    ["Meet at the station at 5"],
    ["Is the wifi fast? e.g. for video calls"],
    ["Room 101 on floor 3, code 4521"],
    ["The flat is 750 sq ft"],
  ])("leaves ordinary words alone: %s", (text) => {
    expect(maskContactDetails(text)).toEqual({ text, masked: false });
  });

  it("hides several details in one message and says it did", () => {
    const out = maskContactDetails("Mob 07700 900123, e-mail ada@example.com, or www.example.com. Thanks!");
    expect(out).toEqual({
      text: `Mob ${HIDDEN.phone}, e-mail ${HIDDEN.email}, or ${HIDDEN.link} Thanks!`,
      masked: true,
    });
  });
});
