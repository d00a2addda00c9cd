import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes, timingSafeEqual } from "node:crypto";
import { sql } from "drizzle-orm";
import type { Database } from "../db/client";
import { serverKeys } from "../db/schema";

/** What each key is for: a key is never used for two purposes. */
export type KeyPurpose =
  | "unsubscribe-links"
  | "two-factor-secrets"
  | "recovery-codes"
  | "tax-identifiers"
  | "platform-report-filings";

/**
 * The server's own secret keys, one per purpose (unsubscribe links; sealing two-factor secrets; keying the hashes
 * of recovery codes, so a copy of the table alone cannot be searched for them). With SERVER_KEY set each is derived from it (so a copy of the
 * database alone cannot forge a link or read a secret); otherwise the first instance to need one makes it and stores
 * it, and every other instance reads the same row.
 */
export class ServerKeys {
  private readonly cache = new Map<KeyPurpose, Promise<Buffer>>();

  constructor(
    private readonly db: Database,
    private readonly configuredKey: string | undefined,
  ) {}

  key(purpose: KeyPurpose): Promise<Buffer> {
    let key = this.cache.get(purpose);
    if (!key) {
      key = this.load(purpose);
      // A failed read (database briefly away) is tried again next time rather than remembered.
      key.catch(() => this.cache.delete(purpose));
      this.cache.set(purpose, key);
    }
    return key;
  }

  /** HMAC-SHA256 of `message`, base64url: a link's signature. */
  async sign(purpose: KeyPurpose, message: string): Promise<string> {
    return createHmac("sha256", await this.key(purpose))
      .update(message)
      .digest("base64url");
  }

  /** Whether `signature` is this server's signature of `message`, compared in constant time. */
  async verify(purpose: KeyPurpose, message: string, signature: string): Promise<boolean> {
    const expected = Buffer.from(await this.sign(purpose, message));
    const given = Buffer.from(signature);
    return given.length === expected.length && timingSafeEqual(given, expected);
  }

  /** AES-256-GCM: "v1.<iv>.<tag>.<ciphertext>", each base64url. */
  async seal(purpose: KeyPurpose, plaintext: string): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv("aes-256-gcm", await this.key(purpose), iv);
    const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
    return ["v1", iv, cipher.getAuthTag(), body]
      .map((p) => (typeof p === "string" ? p : p.toString("base64url")))
      .join(".");
  }

  /** The plaintext of `seal`'s output; throws when it was sealed with another key or altered. */
  async open(purpose: KeyPurpose, sealed: string): Promise<string> {
    const [version, iv, tag, body] = sealed.split(".");
    if (version !== "v1" || !iv || !tag || body === undefined) throw new Error("Not a sealed value");
    const decipher = createDecipheriv("aes-256-gcm", await this.key(purpose), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
  }

  private async load(purpose: KeyPurpose): Promise<Buffer> {
    if (this.configuredKey) {
      return Buffer.from(hkdfSync("sha256", this.configuredKey, "staylondon", purpose, 32));
    }
    // Two instances starting together both try to insert; the first wins and both read its key.
    await this.db
      .insert(serverKeys)
      .values({ name: purpose, secret: randomBytes(32).toString("base64url") })
      .onConflictDoNothing();
    const [row] = await this.db
      .select({ secret: serverKeys.secret })
      .from(serverKeys)
      .where(sql`${serverKeys.name} = ${purpose}`);
    if (!row) throw new Error(`Server key ${purpose} could not be read`);
    return Buffer.from(row.secret, "base64url");
  }
}
