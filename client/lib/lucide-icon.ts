import { createElement, type ReactNode, type Ref, type SVGProps } from "react";

/** One icon as lucide-react's icon modules describe it: its name and the shapes it is drawn with. */
export type LucideIconData = {
  name: string;
  size?: number;
  node: ReadonlyArray<readonly [string, Record<string, string | number>]>;
  aliases?: readonly string[];
};

type IconProps = Omit<SVGProps<SVGSVGElement>, "ref"> & {
  size?: number | string;
  absoluteStrokeWidth?: boolean;
  children?: ReactNode;
  ref?: Ref<SVGSVGElement>;
};

const VIEW_SIZE = 24;

/**
 * Draws lucide's icons in place of its own `createLucideIcon` (the browser's builds swap it in:
 * scripts/lucide-icons.ts): the same SVG from the same icon data, without the generic builder, the context and the
 * name helpers behind it, which added 0.8 KB to every public page's first download. An icon without a label, role or
 * title is hidden from assistive technology, as lucide's own are. tests/unit/lucide-icons.test.ts holds the two to
 * the same markup.
 */
export default function createLucideIcon(icon: LucideIconData) {
  if (typeof icon !== "object" || !Array.isArray(icon.node))
    throw new Error("lucide-react's icons no longer describe themselves as this renderer expects");
  const ownClasses = ["lucide", `lucide-${icon.name}`, ...(icon.aliases ?? []).map((alias) => `lucide-${alias}`)];
  const viewSize = icon.size ?? VIEW_SIZE;
  const shapes = icon.node.map(([tag, attributes]) => createElement(tag, attributes));

  // biome-ignore lint/correctness/noComponentHookFactories: made once per icon, as each icon's module loads
  function LucideIcon({
    className,
    size,
    width,
    height,
    color,
    strokeWidth = 2,
    absoluteStrokeWidth,
    children,
    ...rest
  }: IconProps) {
    const labelled =
      Boolean(children) ||
      Object.entries(rest).some(
        ([prop, value]) => (prop.startsWith("aria-") || prop === "role" || prop === "title") && value != null,
      );
    const drawnWidth = width ?? size ?? VIEW_SIZE;
    const classes = new Set([...ownClasses, ...(className ?? "").split(/\s+/)].filter(Boolean));
    return createElement(
      "svg",
      {
        xmlns: "http://www.w3.org/2000/svg",
        width: drawnWidth,
        height: height ?? size ?? VIEW_SIZE,
        viewBox: `0 0 ${viewSize} ${viewSize}`,
        fill: "none",
        stroke: color || "currentColor",
        strokeWidth: absoluteStrokeWidth ? (Number(strokeWidth) * viewSize) / Number(drawnWidth) : strokeWidth,
        strokeLinecap: "round",
        strokeLinejoin: "round",
        className: [...classes].join(" "),
        ...(labelled ? {} : { "aria-hidden": "true" }),
        ...rest,
      },
      ...shapes,
      children,
    );
  }
  return LucideIcon;
}
