import { describe, expect, it } from "vitest";
import { ServerKeys } from "../../server/lib/server-keys";
import { setUpTestDatabase } from "../support/test-context";

/** The server's own keys: made once and shared by every instance, or derived from SERVER_KEY when it is set. */
const t = setUpTestDatabase();

describe("server keys", () => {
  it("are made once and shared: what one instance seals or signs, another opens or checks", async () => {
    const [first, second] = [new ServerKeys(t.db, undefined), new ServerKeys(t.db, undefined)];
    // Two instances needing the key at the same moment still end up with one.
    const [a, b] = await Promise.all([first.key("unsubscribe-links"), second.key("unsubscribe-links")]);
    expect(a.equals(b)).toBe(true);
    expect(a).toHaveLength(32);

    const sealed = await first.seal("two-factor-secrets", "JBSWY3DPEHPK3PXP");
    expect(sealed).not.toContain("JBSWY3DPEHPK3PXP");
    expect(await second.open("two-factor-secrets", sealed)).toBe("JBSWY3DPEHPK3PXP");
    // Sealing twice gives two different texts (a fresh IV each time).
    expect(await first.seal("two-factor-secrets", "JBSWY3DPEHPK3PXP")).not.toBe(sealed);

    const signature = await first.sign("unsubscribe-links", "42.reminders");
    expect(await second.verify("unsubscribe-links", "42.reminders", signature)).toBe(true);
    expect(await second.verify("unsubscribe-links", "43.reminders", signature)).toBe(false);
    const tampered = `${signature.startsWith("A") ? "B" : "A"}${signature.slice(1)}`;
    expect(await second.verify("unsubscribe-links", "42.reminders", tampered)).toBe(false);
  });

  it("never use one purpose's key for another, and refuse a sealed value that was altered", async () => {
    const keys = new ServerKeys(t.db, undefined);
    expect((await keys.key("unsubscribe-links")).equals(await keys.key("two-factor-secrets"))).toBe(false);
    const sealed = await keys.seal("two-factor-secrets", "secret");
    const [version, iv, tag, body] = sealed.split(".");
    const altered = [version, iv, tag, `${body?.slice(0, -2)}AA`].join(".");
    await expect(keys.open("two-factor-secrets", altered)).rejects.toThrow();
    await expect(keys.open("two-factor-secrets", "not sealed")).rejects.toThrow("Not a sealed value");
  });

  it("come from SERVER_KEY when it is set, so the database alone cannot open what they sealed", async () => {
    const configured = new ServerKeys(t.db, "a-server-key-of-at-least-thirty-two-characters");
    const stored = new ServerKeys(t.db, undefined);
    const sealed = await configured.seal("two-factor-secrets", "secret");
    await expect(stored.open("two-factor-secrets", sealed)).rejects.toThrow();
    const again = new ServerKeys(t.db, "a-server-key-of-at-least-thirty-two-characters");
    expect(await again.open("two-factor-secrets", sealed)).toBe("secret");
  });
});
