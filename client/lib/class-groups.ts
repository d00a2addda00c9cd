import type { Config } from "tailwind-merge";

/**
 * Which Tailwind utilities set the same property, for `cn` to let a later one win: the groups this app's classes
 * fall in, in tailwind-merge's own format, rather than its default table of every utility Tailwind has. That table
 * is 6 of the 8.5 KB the merger costs each public page before it is interactive, against a phone's 90 KB budget.
 *
 * A group missing here would make `cn` keep two clashing classes, so a test (class-groups.test.ts) holds this table
 * to the default one: every pair of utilities written anywhere in client/ must merge the same way under both. A new
 * kind of utility fails that test until its group is added here.
 *
 * Order matters where groups share a prefix: the engine tries value checks in the order the groups are listed, so
 * sizes and widths come before colours (whose check takes any value), as in the default table.
 */

// What a utility's value may be. The library exports its own checks only as one object, which would bring every
// check into the page, so the few this table needs are written here.
const isNumber = (value: string) => value !== "" && !Number.isNaN(Number(value));
const isInteger = (value: string) => isNumber(value) && Number.isInteger(Number(value));
const isFraction = (value: string) => /^\d+\/\d+$/.test(value);
const isTshirtSize = (value: string) => /^\d*(xs|sm|md|lg|xl)$/.test(value);
const isAny = () => true;
/** A value in square brackets (`w-[3px]`), optionally labelled with its kind (`text-[length:1rem]`). */
const bracketed = /^\[(?:([\w-]+):)?(.+)\]$/;
const arbitrary = (value: string) => bracketed.test(value);
/** A theme's name for a value (`font-display`), not one written out in brackets or as a variable. */
const isAnyNonArbitrary = (value: string) => !arbitrary(value) && !/^\(.+\)$/.test(value);
/** A bracketed value of one kind, known by its label or, without one, by its look. */
const arbitraryOf = (label: string, looksRight: RegExp) => (value: string) => {
  const match = bracketed.exec(value);
  return !!match && (match[1] ? match[1] === label : looksRight.test(match[2] ?? ""));
};
/** `text-[0.65rem]` is a size and `text-[#123]` a colour: a length is a number with a unit, zero, or worked out. */
const isArbitraryLength = arbitraryOf(
  "length",
  /^(-?[\d.]+(px|r?em|%|[sdl]?v[hwib]|vmin|vmax|ch|ex|r?lh|pt)|0|(calc|min|max|clamp)\(.+\))$/,
);
/** A shadow starts with its two offsets (`shadow-[0_2px_8px_…]`); anything else bracketed is its colour. */
const isArbitraryShadow = arbitraryOf("shadow", /^(inset_)?-?(0|[\d.]+[a-z]+)_-?(0|[\d.]+[a-z]+)/);
/** A background that is a picture or a gradient, not a colour. */
const isArbitraryImage = arbitraryOf("image", /^(url|image-set|(repeating-)?(linear|radial|conic)-gradient)\(.+\)$/);

type Scale = Config<string, string>["classGroups"][string];

const custom = [arbitrary];
const spacing = ["px", isNumber, ...custom];
const colour = [isAny];
const inset = [isFraction, "full", "auto", ...spacing];
const screenSizes = ["dvw", "dvh", "svh", "min", "max", "fit"];
const sizing = [isFraction, "auto", "full", ...screenSizes, ...spacing];
const lineWidth = ["", isNumber, isArbitraryLength];
const radius = ["", "none", "full", isTshirtSize, ...custom];
const overflow = ["auto", "hidden", "clip", "visible", "scroll"];
const alignSecondary = ["start", "end", "center", "stretch", "center-safe", "end-safe"];
const alignPrimary = [...alignSecondary, "between", "around", "evenly", "baseline"];
const gridLine = ["auto", { span: ["full", isInteger, ...custom] }, isInteger, ...custom];
const lineStyle = ["solid", "dashed", "dotted", "double"];

/** A group of utilities written `prefix-value`. */
const prefixed = (prefix: string, values: Scale): Scale => [{ [prefix]: values }];
/**
 * One group for all sides (`p`, `border`) and one per side (`pt`, `border-t`), sharing a scale. The groups are named
 * `idStem` plus the side, as the default table names them.
 */
const sides = (classStem: string, values: Scale, suffixes: string[], idStem = classStem, join = "") =>
  Object.fromEntries([
    [idStem, prefixed(classStem, values)],
    ...suffixes.map((side) => [idStem + join + side, prefixed(classStem + join + side, values)]),
  ]);
const boxSides = ["x", "y", "s", "e", "t", "r", "b", "l"];

const classGroups: Record<string, Scale> = {
  aspect: prefixed("aspect", ["auto", "square", "video", isFraction, ...custom]),
  container: ["container"],
  "container-type": prefixed("@container", ["", "normal", "size", ...custom]),
  float: prefixed("float", ["right", "left", "none", "start", "end"]),
  isolation: ["isolate", "isolation-auto"],
  "object-fit": prefixed("object", ["contain", "cover", "fill", "none", "scale-down"]),
  overflow: prefixed("overflow", overflow),
  "overflow-x": prefixed("overflow-x", overflow),
  "overflow-y": prefixed("overflow-y", overflow),
  overscroll: prefixed("overscroll", ["auto", "contain", "none"]),
  position: ["static", "fixed", "absolute", "relative", "sticky"],
  inset: prefixed("inset", inset),
  "inset-x": prefixed("inset-x", inset),
  "inset-y": prefixed("inset-y", inset),
  top: prefixed("top", inset),
  right: prefixed("right", inset),
  bottom: prefixed("bottom", inset),
  left: prefixed("left", inset),
  visibility: ["visible", "invisible", "collapse"],
  z: prefixed("z", [isInteger, "auto", ...custom]),
  display: [
    "block",
    "inline-block",
    "inline",
    "flex",
    "inline-flex",
    "table",
    "table-cell",
    "grid",
    "contents",
    "hidden",
  ],
  flex: prefixed("flex", [isNumber, isFraction, "auto", "initial", "none", arbitrary]),
  "flex-direction": prefixed("flex", ["row", "row-reverse", "col", "col-reverse"]),
  "flex-wrap": prefixed("flex", ["nowrap", "wrap", "wrap-reverse"]),
  grow: prefixed("grow", ["", isNumber, ...custom]),
  shrink: prefixed("shrink", ["", isNumber, ...custom]),
  basis: prefixed("basis", [isFraction, "full", "auto", isTshirtSize, ...spacing]),
  order: prefixed("order", [isInteger, "first", "last", "none", ...custom]),
  "grid-cols": prefixed("grid-cols", [isInteger, "none", "subgrid", ...custom]),
  "col-start-end": prefixed("col", gridLine),
  "col-start": prefixed("col-start", [isInteger, "auto", ...custom]),
  "grid-rows": prefixed("grid-rows", [isInteger, "none", "subgrid", ...custom]),
  "row-start-end": prefixed("row", gridLine),
  "row-start": prefixed("row-start", [isInteger, "auto", ...custom]),
  gap: prefixed("gap", spacing),
  "gap-x": prefixed("gap-x", spacing),
  "gap-y": prefixed("gap-y", spacing),
  "justify-content": prefixed("justify", [...alignPrimary, "normal"]),
  "justify-items": prefixed("justify-items", [...alignSecondary, "normal"]),
  "justify-self": prefixed("justify-self", ["auto", ...alignSecondary]),
  "align-content": prefixed("content", ["normal", ...alignPrimary]),
  "align-items": prefixed("items", [...alignSecondary, { baseline: ["", "last"] }]),
  "align-self": prefixed("self", ["auto", ...alignSecondary, { baseline: ["", "last"] }]),
  ...sides("p", spacing, boxSides),
  ...sides("m", ["auto", ...spacing], boxSides),
  "space-x": prefixed("space-x", spacing),
  "space-y": prefixed("space-y", spacing),
  size: prefixed("size", sizing),
  w: prefixed("w", ["screen", ...sizing]),
  "min-w": prefixed("min-w", ["none", ...sizing]),
  "max-w": prefixed("max-w", [isTshirtSize, "none", ...sizing]),
  h: prefixed("h", ["screen", ...sizing]),
  "min-h": prefixed("min-h", ["screen", "none", ...sizing]),
  "max-h": prefixed("max-h", ["screen", "none", ...sizing]),
  "font-size": prefixed("text", ["base", isTshirtSize, isArbitraryLength]),
  "font-style": ["italic", "not-italic"],
  "font-weight": prefixed("font", ["normal", "medium", "semibold", "bold"]),
  "font-family": prefixed("font", [isAnyNonArbitrary]),
  "fvn-normal": ["normal-nums"],
  "fvn-spacing": ["proportional-nums", "tabular-nums"],
  tracking: prefixed("tracking", ["tight", "normal", "wide", "wider", ...custom]),
  "line-clamp": prefixed("line-clamp", [isNumber, "none"]),
  leading: prefixed("leading", ["none", "tight", "snug", "normal", "relaxed", "loose", ...spacing]),
  "list-style-type": prefixed("list", ["disc", "decimal", "none", ...custom]),
  "text-alignment": prefixed("text", ["left", "center", "right", "justify", "start", "end"]),
  "text-color": prefixed("text", colour),
  "text-decoration": ["underline", "overline", "line-through", "no-underline"],
  "text-decoration-thickness": prefixed("decoration", [isNumber, "from-font", "auto", isArbitraryLength]),
  "text-decoration-color": prefixed("decoration", colour),
  "underline-offset": prefixed("underline-offset", [isNumber, "auto", ...custom]),
  "text-transform": ["uppercase", "normal-case"],
  "text-overflow": ["truncate"],
  indent: prefixed("indent", spacing),
  "vertical-align": prefixed("align", ["baseline", "top", "middle", "bottom", ...custom]),
  whitespace: prefixed("whitespace", ["normal", "nowrap", "pre-line", "pre-wrap"]),
  break: prefixed("break", ["normal", "words", "all", "keep"]),
  wrap: prefixed("wrap", ["break-word", "anywhere", "normal"]),
  "bg-image": prefixed("bg", ["none", isArbitraryImage]),
  "bg-color": prefixed("bg", colour),
  "gradient-from": prefixed("from", colour),
  "gradient-via": prefixed("via", colour),
  "gradient-to": prefixed("to", colour),
  ...sides("rounded", radius, ["t", "r", "b", "l", "tl", "tr", "br", "bl"], "rounded", "-"),
  ...sides("border", lineWidth, boxSides, "border-w", "-"),
  "divide-x": prefixed("divide-x", lineWidth),
  "divide-y": prefixed("divide-y", lineWidth),
  "border-style": prefixed("border", [...lineStyle, "hidden", "none"]),
  ...sides("border", colour, boxSides, "border-color", "-"),
  "divide-color": prefixed("divide", colour),
  "outline-style": prefixed("outline", [...lineStyle, "none", "hidden"]),
  "outline-offset": prefixed("outline-offset", [isNumber, ...custom]),
  "outline-w": prefixed("outline", lineWidth),
  "outline-color": prefixed("outline", colour),
  shadow: prefixed("shadow", ["", "inner", "none", isTshirtSize, isArbitraryShadow]),
  "shadow-color": prefixed("shadow", colour),
  "ring-w": prefixed("ring", lineWidth),
  "ring-w-inset": ["ring-inset"],
  "ring-color": prefixed("ring", colour),
  "ring-offset-w": prefixed("ring-offset", [isNumber, isArbitraryLength]),
  "ring-offset-color": prefixed("ring-offset", colour),
  opacity: prefixed("opacity", [isNumber, ...custom]),
  filter: prefixed("filter", ["", "none", ...custom]),
  blur: prefixed("blur", ["", "none", isTshirtSize, ...custom]),
  "backdrop-blur": prefixed("backdrop-blur", ["", "none", isTshirtSize, ...custom]),
  "border-collapse": prefixed("border", ["collapse", "separate"]),
  "table-layout": prefixed("table", ["auto", "fixed"]),
  transition: prefixed("transition", ["", "all", "colors", "opacity", "shadow", "transform", "none", ...custom]),
  duration: prefixed("duration", [isNumber, "initial", ...custom]),
  ease: prefixed("ease", ["linear", "in", "out", "in-out", ...custom]),
  animate: prefixed("animate", ["none", "spin", "pulse", ...custom]),
  "transform-origin": prefixed("origin", ["center", "top", "bottom", "left", "right", ...custom]),
  rotate: prefixed("rotate", ["none", isNumber, ...custom]),
  scale: prefixed("scale", ["none", isNumber, ...custom]),
  "translate-x": prefixed("translate-x", [isFraction, "full", ...spacing]),
  "translate-y": prefixed("translate-y", [isFraction, "full", ...spacing]),
  accent: prefixed("accent", colour),
  appearance: prefixed("appearance", ["none", "auto"]),
  cursor: prefixed("cursor", ["auto", "default", "pointer", "not-allowed", "progress", ...custom]),
  "pointer-events": prefixed("pointer-events", ["auto", "none"]),
  "scroll-mt": prefixed("scroll-mt", spacing),
  select: prefixed("select", ["none", "text", "all", "auto"]),
  fill: prefixed("fill", ["none", ...colour]),
  stroke: prefixed("stroke", ["none", ...colour]),
  sr: ["sr-only", "not-sr-only"],
};

/** Groups that also reset others: a later `p-4` undoes an earlier `pt-2`, a later `size-4` an earlier `w-2`. */
const conflictingClassGroups: Record<string, string[]> = {
  overflow: ["overflow-x", "overflow-y"],
  inset: ["inset-x", "inset-y", "top", "right", "bottom", "left"],
  "inset-x": ["right", "left"],
  "inset-y": ["top", "bottom"],
  flex: ["basis", "grow", "shrink"],
  gap: ["gap-x", "gap-y"],
  p: ["px", "py", "ps", "pe", "pt", "pr", "pb", "pl"],
  px: ["pr", "pl", "ps", "pe"],
  py: ["pt", "pb"],
  m: ["mx", "my", "ms", "me", "mt", "mr", "mb", "ml"],
  mx: ["mr", "ml", "ms", "me"],
  my: ["mt", "mb"],
  size: ["w", "h"],
  "font-size": ["leading"],
  "fvn-normal": ["fvn-spacing"],
  "fvn-spacing": ["fvn-normal"],
  "line-clamp": ["display", "overflow"],
  rounded: ["rounded-t", "rounded-r", "rounded-b", "rounded-l", "rounded-tl", "rounded-tr", "rounded-br", "rounded-bl"],
  "rounded-t": ["rounded-tl", "rounded-tr"],
  "rounded-r": ["rounded-tr", "rounded-br"],
  "rounded-b": ["rounded-br", "rounded-bl"],
  "rounded-l": ["rounded-tl", "rounded-bl"],
  "border-w": boxSides.map((side) => `border-w-${side}`),
  "border-w-x": ["border-w-r", "border-w-l", "border-w-s", "border-w-e"],
  "border-w-y": ["border-w-t", "border-w-b"],
  "border-color": boxSides.map((side) => `border-color-${side}`),
  "border-color-x": ["border-color-r", "border-color-l", "border-color-s", "border-color-e"],
  "border-color-y": ["border-color-t", "border-color-b"],
};

export const classMergeConfig = (): Config<string, string> => ({
  cacheSize: 500,
  theme: {},
  classGroups,
  conflictingClassGroups,
  // `text-sm/6` sets the line height too, so it undoes an earlier `leading-*`.
  conflictingClassGroupModifiers: { "font-size": ["leading"] },
  postfixLookupClassGroups: ["container-type"],
  orderSensitiveModifiers: ["*", "**", "after", "backdrop", "before", "file", "marker", "placeholder", "selection"],
});
