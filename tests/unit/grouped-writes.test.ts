import { describe, expect, it } from "vitest";
import { GroupedWrites } from "../../server/lib/grouped-writes";

/** A write that records what it was given and finishes when told to. */
function heldWrites() {
  const calls: number[][] = [];
  const finish: Array<() => void> = [];
  const writes = new GroupedWrites<number, string>(
    (items) =>
      new Promise((resolve, reject) => {
        calls.push(items);
        finish.push(() => (items.includes(13) ? reject(new Error("unlucky")) : resolve(items.map((n) => `#${n}`))));
      }),
  );
  return { writes, calls, finishNext: () => finish.shift()?.() };
}

describe("grouped writes", () => {
  it("writes an item alone at once, and those that arrive meanwhile together in the next write", async () => {
    const { writes, calls, finishNext } = heldWrites();
    const first = writes.add(1);
    expect(calls).toEqual([[1]]);
    const later = [writes.add(2), writes.add(3), writes.add(4)];
    expect(calls).toHaveLength(1);
    finishNext();
    expect(await first).toBe("#1");
    expect(calls).toEqual([[1], [2, 3, 4]]);
    finishNext();
    expect(await Promise.all(later)).toEqual(["#2", "#3", "#4"]);
    // Idle again: the next item does not wait for company.
    const alone = writes.add(5);
    expect(calls.at(-1)).toEqual([5]);
    finishNext();
    expect(await alone).toBe("#5");
  });

  it("fails only the items of a failed write, and goes on with the next", async () => {
    const { writes, calls, finishNext } = heldWrites();
    const first = writes.add(1);
    const failing = [writes.add(12), writes.add(13)];
    finishNext();
    await first;
    const after = writes.add(14);
    finishNext();
    for (const item of failing) await expect(item).rejects.toThrow("unlucky");
    expect(calls).toEqual([[1], [12, 13], [14]]);
    finishNext();
    expect(await after).toBe("#14");
  });
});
