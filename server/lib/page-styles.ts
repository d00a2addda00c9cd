/**
 * The site's stylesheet cut down to what one page can use. A page sent as finished HTML carries its styles inline
 * (one download before the first paint), and the whole stylesheet is 111 KB for 1,300 classes of which a public page
 * uses a few hundred: parsing and matching the rest is most of a phone's first long task. A page can use the classes
 * in its markup and the ones its scripts can add later (every class a script sets is a literal in its code, which is
 * also how the stylesheet's generator found it), so a rule is kept when its classes are among those.
 *
 * Written for the minified output of the build (nesting already flattened); it reads strings, escapes and comments
 * properly, and keeps whatever it does not understand.
 */

/** A style rule needs all the classes of one of its selectors; null when one selector names no class at all. */
type Needs = number[][] | null;
type StyleNode =
  | { kind: "kept"; text: string }
  | { kind: "rule"; text: string; needs: Needs }
  | { kind: "group"; prelude: string; children: StyleNode[]; keepEmpty: boolean };

export type StyleIndex = {
  /** Every class a selector requires, by number. */
  readonly classes: readonly string[];
  readonly nodes: readonly StyleNode[];
};

/** At-rules that hold style rules and are cut like the top level; any other at-rule block is kept whole. */
const GROUPS = new Set(["media", "supports", "layer", "container", "scope", "starting-style"]);

/** The index of a closing quote, paren or bracket, skipping escapes and strings; `open` is the opening one's. */
function skipString(css: string, open: number): number {
  const quote = css[open];
  let i = open + 1;
  while (i < css.length && css[i] !== quote) i += css[i] === "\\" ? 2 : 1;
  return i;
}

/** Where the block opened at `open` (a `{`) closes. */
function blockEnd(css: string, open: number): number {
  let depth = 0;
  for (let i = open; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "/" && css[i + 1] === "*") {
      const close = css.indexOf("*/", i + 2);
      i = close === -1 ? css.length : close + 1;
    } else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return i;
  }
  return css.length;
}

/** Where a prelude ends: the first `{` or `;` outside strings and parentheses (a data URL holds `;`). */
function preludeEnd(css: string, from: number): number {
  let parens = 0;
  for (let i = from; i < css.length; i++) {
    const c = css[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(css, i);
    else if (c === "(") parens++;
    else if (c === ")") parens--;
    else if (parens === 0 && (c === "{" || c === ";")) return i;
  }
  return css.length;
}

/** A character of a CSS name: an ASCII letter, digit, `_` or `-`, or anything past ASCII. */
const IDENT = /[\w-]|[^\p{ASCII}]/u;

/** A class name read from `selector` at `from` (just after its dot), with CSS escapes undone. */
function readClass(selector: string, from: number): { name: string; end: number } {
  let name = "";
  let i = from;
  while (i < selector.length) {
    const c = selector[i] as string;
    if (c === "\\") {
      const hex = /^[0-9a-fA-F]{1,6} ?/.exec(selector.slice(i + 1, i + 8));
      if (hex) {
        name += String.fromCodePoint(Number.parseInt(hex[0].trim(), 16));
        i += 1 + hex[0].length;
      } else {
        name += selector[i + 1] ?? "";
        i += 2;
      }
    } else if (IDENT.test(c)) {
      name += c;
      i++;
    } else break;
  }
  return { name, end: i };
}

/**
 * The classes each selector of a list requires. Classes inside a functional pseudo-class are not required: one in
 * `:not()` matches by being absent, and one in `:where()` or `:is()` may be one of several.
 */
export function requiredClasses(selectorList: string): string[][] {
  const selectors: string[][] = [[]];
  let depth = 0;
  for (let i = 0; i < selectorList.length; i++) {
    const c = selectorList[i];
    if (c === "\\") i++;
    else if (c === '"' || c === "'") i = skipString(selectorList, i);
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (depth === 0 && c === ",") selectors.push([]);
    else if (depth === 0 && c === ".") {
      const { name, end } = readClass(selectorList, i + 1);
      if (name) selectors[selectors.length - 1]?.push(name);
      i = end - 1;
    }
  }
  return selectors;
}

/** Reads a stylesheet once, so that each cut is a walk over its rules. */
export function indexStyles(css: string): StyleIndex {
  const classes: string[] = [];
  const numbers = new Map<string, number>();
  const numberOf = (name: string) => {
    let n = numbers.get(name);
    if (n === undefined) {
      n = classes.length;
      classes.push(name);
      numbers.set(name, n);
    }
    return n;
  };

  const read = (from: number, to: number): StyleNode[] => {
    const nodes: StyleNode[] = [];
    let i = from;
    while (i < to) {
      while (i < to && /\s/.test(css[i] as string)) i++;
      if (i >= to) break;
      if (css.startsWith("/*", i)) {
        const close = css.indexOf("*/", i + 2);
        i = close === -1 ? to : close + 2;
        continue;
      }
      const end = Math.min(preludeEnd(css, i), to);
      const prelude = css.slice(i, end).trim();
      if (css[end] !== "{") {
        nodes.push({ kind: "kept", text: `${prelude};` });
        i = end + 1;
        continue;
      }
      const close = blockEnd(css, end);
      const atRule = /^@([\w-]+)/.exec(prelude)?.[1];
      if (atRule !== undefined && GROUPS.has(atRule)) {
        // An emptied layer still keeps its place in the order of layers.
        nodes.push({ kind: "group", prelude, children: read(end + 1, close), keepEmpty: atRule === "layer" });
      } else if (atRule !== undefined) {
        nodes.push({ kind: "kept", text: css.slice(i, close + 1) });
      } else {
        const selectors = requiredClasses(prelude);
        const needs = selectors.some((names) => names.length === 0)
          ? null
          : selectors.map((names) => names.map(numberOf));
        nodes.push({ kind: "rule", text: css.slice(i, close + 1), needs });
      }
      i = close + 1;
    }
    return nodes;
  };
  return { classes, nodes: read(0, css.length) };
}

/** The style rules of `index` that a page with classes `has` can match, each as written. */
export function usableRules(index: StyleIndex, has: (classNumber: number) => boolean): string[] {
  const rules: string[] = [];
  const visit = (nodes: readonly StyleNode[]) => {
    for (const node of nodes) {
      if (node.kind === "group") visit(node.children);
      else if (node.kind === "rule" && usable(node.needs, has)) rules.push(node.text);
    }
  };
  visit(index.nodes);
  return rules;
}

const usable = (needs: Needs, has: (classNumber: number) => boolean) =>
  needs === null || needs.some((names) => names.every(has));

/** The stylesheet with only the rules a page with classes `has` can match (at-rules such as fonts are kept). */
export function cutStyles(index: StyleIndex, has: (classNumber: number) => boolean): string {
  const write = (nodes: readonly StyleNode[]): string => {
    let out = "";
    for (const node of nodes) {
      if (node.kind === "kept") out += node.text;
      else if (node.kind === "rule") out += usable(node.needs, has) ? node.text : "";
      else {
        const inner = write(node.children);
        if (inner || node.keepEmpty) out += `${node.prelude}{${inner}}`;
      }
    }
    return out;
  };
  return write(index.nodes);
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

/** The class names in an HTML document's class attributes. */
export function classesInMarkup(html: string): Set<string> {
  const found = new Set<string>();
  for (const [, value] of html.matchAll(/\sclass="([^"]*)"/g)) {
    const decoded = (value as string).replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (entity, name: string) =>
      name.startsWith("#")
        ? String.fromCodePoint(Number.parseInt(name.slice(name[1] === "x" ? 2 : 1), name[1] === "x" ? 16 : 10))
        : (ENTITIES[name] ?? entity),
    );
    for (const name of decoded.split(/\s+/)) if (name) found.add(name);
  }
  return found;
}

/**
 * The numbers of the index's classes that `code` names (a script can add only what it names). Class lists are
 * strings, so the code is cut at quotes and spaces; a class with a quote or space in it is looked for as written.
 */
export function classesNamedIn(index: StyleIndex, code: string): Set<number> {
  const words = new Set(code.replace(/\\[nrtv]/g, " ").split(/[\s"'`]+/));
  const named = new Set<number>();
  index.classes.forEach((name, n) => {
    if (/[\s"'`]/.test(name) ? code.includes(name) : words.has(name)) named.add(n);
  });
  return named;
}
