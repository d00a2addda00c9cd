import path from "node:path";
import { describe, expect, it } from "vitest";
import { loadConfig } from "../../server/config/env";

describe("configuration from the environment", () => {
  it("defaults to port 5000, ./data and the embedded database with demo data", () => {
    const config = loadConfig({});
    expect(config.PORT).toBe(5000);
    expect(config.dataDir).toBe(path.resolve("data"));
    expect(config.DATABASE_URL).toBeUndefined();
    expect(config.seedDemoData).toBe(true);
    expect(config.publicUrl).toBe("http://localhost:5000");
  });

  it("does not seed demo data into an external database unless asked", () => {
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db.internal:5432/app" }).seedDemoData).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/app", SEED_DEMO_DATA: "on" }).seedDemoData).toBe(true);
  });

  it("keeps the dev outbox to a site served on this machine, whatever DEV_OUTBOX says", () => {
    expect(loadConfig({}).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: "on", PUBLIC_URL: "http://127.0.0.1:5399" }).devOutbox).toBe(true);
    const publicSite = loadConfig({ DEV_OUTBOX: "on", PUBLIC_URL: "https://staylondon.example" });
    expect(publicSite.devOutbox).toBe(false);
    expect(publicSite.devOutboxRefused).toBe(true);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/app" }).devOutbox).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://u:p@db/app" }).devOutboxRefused).toBe(false);
    // A host that merely starts with "localhost" is someone else's.
    expect(loadConfig({ DEV_OUTBOX: "on", PUBLIC_URL: "https://localhost.attacker.example" }).devOutbox).toBe(false);
  });

  it("reads a setting left empty as unset", () => {
    const config = loadConfig({ METRICS_TOKEN: "", SMTP_URL: "", PORT: "" });
    expect(config.METRICS_TOKEN).toBeUndefined();
    expect(config.SMTP_URL).toBeUndefined();
    expect(config.PORT).toBe(5000);
    expect(() => loadConfig({ METRICS_TOKEN: "short" })).toThrow(/METRICS_TOKEN must be at least 16 characters/);
  });

  it("names every invalid setting", () => {
    expect(() => loadConfig({ PORT: "eighty", DATABASE_URL: "mysql://x" })).toThrow(/PORT[\s\S]*DATABASE_URL/);
  });

  it("keeps System Logs 365 days unless told a whole number of days from 1 to 3650", () => {
    expect(loadConfig({}).AUDIT_LOG_RETENTION_DAYS).toBe(365);
    expect(loadConfig({ AUDIT_LOG_RETENTION_DAYS: "30" }).AUDIT_LOG_RETENTION_DAYS).toBe(30);
    for (const wrong of ["0", "3651", "7.5", "a year", "-1"]) {
      expect(() => loadConfig({ AUDIT_LOG_RETENTION_DAYS: wrong }), wrong).toThrow(/AUDIT_LOG_RETENTION_DAYS/);
    }
  });

  it("keeps photos on local disk unless S3_BUCKET is set, and takes S3 keys only in pairs", () => {
    expect(loadConfig({}).s3).toBeNull();
    expect(
      loadConfig({
        S3_BUCKET: "staylondon-photos",
        S3_ENDPOINT: "http://127.0.0.1:9000",
        S3_ACCESS_KEY_ID: "key",
        S3_SECRET_ACCESS_KEY: "secret",
        S3_FORCE_PATH_STYLE: "true",
      }).s3,
    ).toEqual({
      bucket: "staylondon-photos",
      region: "us-east-1",
      endpoint: "http://127.0.0.1:9000",
      publicEndpoint: undefined,
      credentials: { accessKeyId: "key", secretAccessKey: "secret" },
      forcePathStyle: true,
    });
    // On AWS with an instance role: no keys at all.
    expect(loadConfig({ S3_BUCKET: "photos-bucket", S3_REGION: "eu-west-2" }).s3?.credentials).toBeUndefined();
    expect(() => loadConfig({ S3_BUCKET: "b", S3_ACCESS_KEY_ID: "key" })).toThrow(/S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: "photos-bucket", S3_ACCESS_KEY_ID: "key" })).toThrow(
      /S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together/,
    );
    expect(() => loadConfig({ S3_BUCKET: "Photos_Bucket" })).toThrow(/S3_BUCKET must be a bucket name/);
  });
});
