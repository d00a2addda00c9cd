import { describe, expect, it } from "vitest";
import { ZSiteFacts } from "../../common/schemas/site-facts";
import { loadConfig } from "../../server/config/env";
import { siteFacts } from "../../server/lib/site-facts";
import { setUpTestApp } from "../support/test-context";

/**
 * The footer, the terms and the privacy notice say who runs the site and who handles people's data from the
 * deployment's own configuration: a company detail appears once given, and a service is named only while it is used.
 */
describe("the site's facts", () => {
  it("name no company number, address or contact that was not configured, and only the map among processors", () => {
    const facts = siteFacts(loadConfig({}));
    expect(facts.company).toEqual({
      name: "StayLondon",
      number: null,
      registeredAddress: null,
      supportEmail: null,
      icoRegistration: null,
    });
    expect(facts.processors.map((p) => p.name)).toEqual(["Map images (tile.openstreetmap.org)"]);
    expect(facts.retention).toEqual({ sessionDays: 30, loginAttemptDays: 90, auditLogDays: 365, sentMessageDays: 7 });
  });

  it("name each outside service this deployment switches on, and the company as configured", () => {
    const facts = siteFacts(
      loadConfig({
        COMPANY_NAME: "StayLondon Ltd",
        COMPANY_NUMBER: "SC123456",
        COMPANY_ADDRESS: "1 Example Street, Edinburgh EH1 1AA",
        SUPPORT_EMAIL: "help@staylondon.co.uk",
        ICO_REGISTRATION: "ZB123456",
        STRIPE_SECRET_KEY: "sk_test_x",
        STRIPE_PUBLISHABLE_KEY: "pk_test_x",
        SMTP_URL: "smtps://user:secret@smtp.mailer.example:465",
        SMS_WEBHOOK_URL: "https://sms.gateway.example/send",
        S3_BUCKET: "photos",
        S3_ENDPOINT: "https://files.store.example",
        GOOGLE_CLIENT_ID: "id",
        GOOGLE_CLIENT_SECRET: "secret",
        SESSION_ABSOLUTE_DAYS: "14",
      }),
    );
    expect(facts.company).toEqual({
      name: "StayLondon Ltd",
      number: "SC123456",
      registeredAddress: "1 Example Street, Edinburgh EH1 1AA",
      supportEmail: "help@staylondon.co.uk",
      icoRegistration: "ZB123456",
    });
    expect(facts.processors.map((p) => p.name)).toEqual([
      "Stripe",
      "E-mail delivery (smtp.mailer.example)",
      "Text messages (sms.gateway.example)",
      "Photo storage (files.store.example)",
      "Google",
      "Map images (tile.openstreetmap.org)",
    ]);
    // A secret in a service's address never reaches a page.
    expect(JSON.stringify(facts)).not.toContain("secret");
    expect(facts.retention.sessionDays).toBe(14);
  });

  it("refuses a company number or support address that is not one", () => {
    expect(() => loadConfig({ COMPANY_NUMBER: "12-34" })).toThrow(/COMPANY_NUMBER must be a Companies House number/);
    expect(() => loadConfig({ SUPPORT_EMAIL: "not an address" })).toThrow(/SUPPORT_EMAIL must be an e-mail address/);
  });
});

describe("GET /api/config/site", () => {
  const { server } = setUpTestApp({ withoutChangeFeed: true, config: { COMPANY_NAME: "Example Lets Ltd" } });

  it("answers the facts to anyone", async () => {
    const response = await fetch(`${server.baseUrl}/api/config/site`);
    expect(response.status).toBe(200);
    const facts = ZSiteFacts.parse(await response.json());
    expect(facts.company.name).toBe("Example Lets Ltd");
  });
});
