import { describe, expect, it } from "vitest";
import {
  findUnstorableText,
  LONE_SURROGATE_MESSAGE,
  NUL_CHARACTER_MESSAGE,
} from "../../server/plugins/text-input-guard";

describe("finding text PostgreSQL cannot store", () => {
  it("names where it sits: a field, an item of a list, a key, or the value itself", () => {
    expect(findUnstorableText({ title: "ok", notes: "a\u0000b" })).toEqual({
      path: "notes",
      problem: NUL_CHARACTER_MESSAGE,
    });
    expect(findUnstorableText({ rooms: [{ name: "ok" }, { name: "\ud800" }] })).toEqual({
      path: "rooms.1.name",
      problem: LONE_SURROGATE_MESSAGE,
    });
    expect(findUnstorableText({ rooms: [{ "na\u0000me": "x" }] })).toEqual({
      path: "rooms.0.(key)",
      problem: NUL_CHARACTER_MESSAGE,
    });
    expect(findUnstorableText("\u0000")).toEqual({ path: "(value)", problem: NUL_CHARACTER_MESSAGE });
  });

  it("passes ordinary text, emoji (a whole surrogate pair) and objects without a prototype", () => {
    const query = Object.assign(Object.create(null) as Record<string, unknown>, { q: "Camden 🏡", page: "2" });
    expect(findUnstorableText(query)).toBeNull();
    expect(findUnstorableText({ list: [1, true, null, { deep: "fine" }] })).toBeNull();
  });
});
