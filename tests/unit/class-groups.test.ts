import path from "node:path";
import { Scanner } from "@tailwindcss/oxide";
import { createTailwindMerge, twMerge } from "tailwind-merge";
import { describe, expect, it } from "vitest";
import { classMergeConfig } from "../../client/lib/class-groups";
import { cn } from "../../client/lib/utils";

const appMerge = createTailwindMerge(classMergeConfig);

/**
 * Every utility the app's code could hand to `cn`, without its variants (`md:`, `hover:`), which the merger's engine
 * treats the same under any table: the candidates Tailwind itself finds in client/ (the same scan that decides what
 * the stylesheet holds), kept if either table puts them in a group. Words that are in no group are kept as they are
 * by both, and clash with nothing.
 */
function utilitiesInTheApp(): string[] {
  const scanner = new Scanner({
    sources: [{ base: path.resolve(import.meta.dirname, "../../client"), pattern: "**/*", negated: false }],
  });
  const bases = new Set<string>();
  for (const candidate of scanner.scan()) {
    let depth = 0;
    let lastVariant = -1;
    for (let i = 0; i < candidate.length; i++) {
      const char = candidate[i];
      if (char === "[" || char === "(") depth++;
      else if (char === "]" || char === ")") depth--;
      else if (char === ":" && depth === 0) lastVariant = i;
    }
    bases.add(candidate.slice(lastVariant + 1).replace(/^!|!$/g, ""));
  }
  // A class in a group is one that merging with a same-group class changes: it drops out before itself.
  const inAGroup = (merge: typeof twMerge, utility: string) => merge(`${utility} ${utility}`) === utility;
  return [...bases].filter((utility) => inAGroup(twMerge, utility) || inAGroup(appMerge, utility)).sort();
}

describe("the app's class groups", () => {
  const utilities = utilitiesInTheApp();

  it("finds the utilities the app is written with", () => {
    // A scan that found nothing would make the comparison below pass without comparing.
    expect(utilities.length).toBeGreaterThan(800);
    expect(utilities).toEqual(expect.arrayContaining(["px-4", "text-sm", "text-muted-foreground", "rounded-lg"]));
  });

  it("merges every pair of the app's utilities as tailwind-merge's full table does", () => {
    // Merging is decided class against class (a later class undoes an earlier one of its group, or of a group it
    // resets), so agreeing on every ordered pair means agreeing on any list of them.
    const disagreements: string[] = [];
    for (const earlier of utilities) {
      for (const later of utilities) {
        if (earlier === later) continue;
        const pair = `${earlier} ${later}`;
        const expected = twMerge(pair);
        const actual = appMerge(pair);
        if (actual !== expected) disagreements.push(`"${pair}": "${actual}", the full table says "${expected}"`);
      }
    }
    expect(disagreements.slice(0, 20)).toEqual([]);
  });

  it("lets the later of two clashing utilities win, across variants and importance", () => {
    expect(cn("px-2 py-1", "p-4")).toBe("p-4");
    expect(cn("p-4", "pt-2")).toBe("p-4 pt-2");
    expect(cn("text-sm text-muted-foreground", "text-base")).toBe("text-muted-foreground text-base");
    expect(cn("md:h-10 h-9", "md:h-12")).toBe("h-9 md:h-12");
    expect(cn("shadow-sm", "!shadow-none")).toBe("shadow-sm !shadow-none");
    expect(cn("bg-primary hover:bg-primary/90", "bg-card", false && "hidden")).toBe("hover:bg-primary/90 bg-card");
  });
});
