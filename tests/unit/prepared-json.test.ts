import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { PreparedJson, preferredCoding } from "../../server/lib/prepared-json";

describe("the coding a prepared answer is sent in", () => {
  it.each([
    [undefined, "identity"],
    ["", "identity"],
    ["identity", "identity"],
    ["gzip", "gzip"],
    ["GZIP", "gzip"],
    ["x-gzip", "gzip"],
    ["br", "br"],
    ["gzip, deflate, br, zstd", "br"],
    ["gzip, deflate", "gzip"],
    ["br;q=0, gzip", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["gzip;q=0.5, br;q=0.5", "br"],
    ["*", "br"],
    ["br;q=0, *", "gzip"],
    ["*;q=0", "identity"],
    ["gzip;q=0, br;q=0", "identity"],
    ["deflate", "identity"],
    ["gzip;q=nonsense", "identity"],
  ])("Accept-Encoding %j → %s", (header, coding) => {
    expect(preferredCoding(header)).toBe(coding);
  });
});

describe("a prepared JSON answer", () => {
  const page = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ id: i, title: `Listing number ${i}` })));

  it("decompresses to the same JSON in every coding, compressing each once", () => {
    const prepared = new PreparedJson(page);
    expect(prepared.bytes("identity").toString("utf8")).toBe(page);
    expect(gunzipSync(prepared.bytes("gzip")).toString("utf8")).toBe(page);
    expect(brotliDecompressSync(prepared.bytes("br")).toString("utf8")).toBe(page);
    expect(prepared.bytes("br")).toBe(prepared.bytes("br"));
    expect(prepared.bytes("br").length).toBeLessThan(page.length);
  });

  it("sends a small body as it is, whatever the client accepts", () => {
    const prepared = new PreparedJson("[]");
    expect(prepared.codingFor("gzip, deflate, br")).toBe("identity");
    expect(new PreparedJson(page).codingFor("gzip, deflate, br")).toBe("br");
    expect(new PreparedJson(page).codingFor(undefined)).toBe("identity");
  });

  it("has one weak ETag for the same JSON and count, and another when either differs", () => {
    const etag = new PreparedJson(page, "20").etag;
    expect(etag).toMatch(/^W\/"[\w-]{27}"$/);
    expect(new PreparedJson(page, "20").etag).toBe(etag);
    expect(new PreparedJson(page, "21").etag).not.toBe(etag);
    expect(new PreparedJson(`${page} `, "20").etag).not.toBe(etag);
  });

  it("matches If-None-Match by weak comparison, in a list, or *", () => {
    const prepared = new PreparedJson(page);
    const { etag } = prepared;
    expect(prepared.matches(etag)).toBe(true);
    expect(prepared.matches(etag.slice(2))).toBe(true);
    expect(prepared.matches(`"other", ${etag}`)).toBe(true);
    expect(prepared.matches("*")).toBe(true);
    expect(prepared.matches('W/"other"')).toBe(false);
    expect(prepared.matches(undefined)).toBe(false);
    expect(prepared.matches("")).toBe(false);
  });
});
