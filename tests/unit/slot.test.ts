import { createElement, createRef, type ReactElement, type RefCallback } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Button } from "../../client/components/ui/button";
import { Slot } from "../../client/components/ui/slot";

type Props = Record<string, unknown>;
const slotted = (slotProps: Props, child: ReactElement) =>
  Slot({ ...slotProps, children: child }) as ReactElement<Props>;

describe("a button drawn as its child (asChild)", () => {
  it("draws the child element with the button's classes joined to its own and its own props winning", () => {
    const html = renderToStaticMarkup(
      createElement(
        Button,
        { asChild: true, variant: "outline", className: "w-full" },
        createElement("a", { href: "/properties", className: "mt-2", "data-slot": "link" }, "Browse"),
      ),
    );
    expect(html).toMatch(/^<a [^>]*>Browse<\/a>$/);
    expect(html).toMatch(/ class="[^"]*border[^"]*w-full mt-2"/);
    expect(html).toContain(' href="/properties"');
    expect(html).toContain(' data-slot="link"');
    expect(html).not.toContain("type=");
  });

  it("runs both handlers of an event, the child's first, and keeps either when only one has it", () => {
    const calls: string[] = [];
    const both = slotted(
      { onClick: () => calls.push("slot") },
      createElement("a", { onClick: () => calls.push("child") }),
    );
    (both.props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot"]);
    const slotOnly = slotted({ onClick: () => calls.push("slot only") }, createElement("a", { onClick: undefined }));
    (slotOnly.props.onClick as () => void)();
    expect(calls).toEqual(["child", "slot", "slot only"]);
  });

  it("merges styles, the child's winning", () => {
    const element = slotted({ style: { color: "red", margin: 0 } }, createElement("a", { style: { color: "blue" } }));
    expect(element.props.style).toEqual({ color: "blue", margin: 0 });
  });

  it("sets both refs, and clears both", () => {
    const slotRef = createRef<unknown>();
    const seen: unknown[] = [];
    const element = slotted({ ref: slotRef }, createElement("a", { ref: (node: unknown) => void seen.push(node) }));
    const node = { tag: "a" };
    const cleanup = (element.props.ref as RefCallback<unknown>)(node);
    expect(slotRef.current).toBe(node);
    expect(seen).toEqual([node]);
    if (typeof cleanup === "function") cleanup();
    expect(slotRef.current).toBeNull();
    expect(seen).toEqual([node, null]);
  });

  it("draws nothing for a child that is not an element, and refuses two", () => {
    expect(Slot({ children: "text" })).toBeNull();
    expect(() => Slot({ children: [createElement("a", { key: 1 }), createElement("a", { key: 2 })] })).toThrow();
  });
});
