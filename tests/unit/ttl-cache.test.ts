import { describe, expect, it } from "vitest";
import { TtlCache } from "../../server/lib/ttl-cache";

describe("TtlCache", () => {
  it("forgets entries once their time is up", () => {
    let now = 1000;
    const cache = new TtlCache<string>(10, 500, () => now);
    cache.set("a", "first");
    now = 1499;
    expect(cache.get("a")).toBe("first");
    now = 1500;
    expect(cache.get("a")).toBeUndefined();
  });

  it("evicts the least recently used entry when full", () => {
    const cache = new TtlCache<number>(2, 60_000);
    cache.set("a", 1);
    cache.set("b", 2);
    cache.get("a"); // a is now the most recent
    cache.set("c", 3);
    expect(cache.get("b")).toBeUndefined();
    expect(cache.get("a")).toBe(1);
    expect(cache.get("c")).toBe(3);
    expect(cache.size).toBe(2);
  });

  it("empties on clear", () => {
    const cache = new TtlCache<number>(5, 60_000);
    cache.set("a", 1);
    cache.clear();
    expect(cache.get("a")).toBeUndefined();
  });
});
