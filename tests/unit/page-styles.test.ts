import { describe, expect, it } from "vitest";
import {
  classesInMarkup,
  classesNamedIn,
  cutStyles,
  indexStyles,
  requiredClasses,
  usableRules,
} from "../../server/lib/page-styles";

/** The stylesheet cut for a page whose classes are `names`. */
function cutFor(css: string, names: string[]): string {
  const index = indexStyles(css);
  const present = new Set(names);
  return cutStyles(index, (n) => present.has(index.classes[n] as string));
}

describe("the site's stylesheet cut to one page's classes", () => {
  it("keeps the rules of the classes present and drops the others", () => {
    const css = ".flex{display:flex}.grid{display:grid}.p-4{padding:1rem}";
    expect(cutFor(css, ["flex", "p-4", "unstyled"])).toBe(".flex{display:flex}.p-4{padding:1rem}");
    expect(cutFor(css, [])).toBe("");
  });

  it("keeps every rule that names no class: elements, the root, attributes, everything", () => {
    const css = ":root{--c:red}*,:before{box-sizing:border-box}h1{font-size:2rem}[hidden]{display:none}.x{color:red}";
    expect(cutFor(css, [])).toBe(
      ":root{--c:red}*,:before{box-sizing:border-box}h1{font-size:2rem}[hidden]{display:none}",
    );
  });

  it("keeps a rule when any one selector of its list can match", () => {
    const css = ".a .b,.c{color:red}";
    expect(cutFor(css, ["c"])).toBe(css);
    expect(cutFor(css, ["a", "b"])).toBe(css);
    expect(cutFor(css, ["a"])).toBe("");
  });

  it("does not require a class that matches by being absent, or one of several alternatives", () => {
    expect(requiredClasses(".btn:not(.is-open)")).toEqual([["btn"]]);
    expect(requiredClasses(".group-hover\\:scale-110:is(:where(.group):hover *)")).toEqual([["group-hover:scale-110"]]);
    expect(cutFor(".btn:not(.is-open){color:red}", ["btn"])).toBe(".btn:not(.is-open){color:red}");
  });

  it("reads escaped class names as written in markup, hexadecimal escapes included", () => {
    expect(requiredClasses(".md\\:flex")).toEqual([["md:flex"]]);
    expect(requiredClasses(".w-\\[calc\\(100\\%-2rem\\)\\]")).toEqual([["w-[calc(100%-2rem)]"]]);
    expect(requiredClasses(".\\32 xl\\:p-4")).toEqual([["2xl:p-4"]]);
    expect(requiredClasses(".hover\\:bg-black\\/5:hover")).toEqual([["hover:bg-black/5"]]);
    // A dot inside an attribute selector's value is not a class.
    expect(requiredClasses('a[href$=".pdf"]')).toEqual([[]]);
  });

  it("cuts inside media and support queries, and drops a query left empty", () => {
    const css =
      "@media (width>=48rem){.md\\:flex{display:flex}.md\\:grid{display:grid}}@supports (color:lab(0 0 0)){.x{color:lab(0 0 0)}}";
    expect(cutFor(css, ["md:grid"])).toBe("@media (width>=48rem){.md\\:grid{display:grid}}");
  });

  it("keeps an emptied layer, which still sets the order of layers, and keeps fonts, keyframes and properties whole", () => {
    const css =
      '@layer theme,base,utilities;@layer base{.x{color:red}}@font-face{font-family:Inter;src:url(/a.woff2)}@keyframes spin{to{rotate:1turn}}@property --tw-x{syntax:"*";inherits:false}';
    expect(cutFor(css, [])).toBe(
      '@layer theme,base,utilities;@layer base{}@font-face{font-family:Inter;src:url(/a.woff2)}@keyframes spin{to{rotate:1turn}}@property --tw-x{syntax:"*";inherits:false}',
    );
  });

  it("is not thrown by braces in strings, semicolons in data addresses, or comments", () => {
    const css =
      '/* a { note } */.quote:before{content:"{ ; }"}.icon{background:url(data:image/svg+xml;base64,AAA=)}.gone{color:red}';
    expect(cutFor(css, ["quote", "icon"])).toBe(
      '.quote:before{content:"{ ; }"}.icon{background:url(data:image/svg+xml;base64,AAA=)}',
    );
  });

  it("gives back the stylesheet unchanged when every class is present", () => {
    const css = "@layer base{h1{margin:0}}@layer utilities{.a{color:red}@media (hover:hover){.b:hover{color:blue}}}";
    expect(cutStyles(indexStyles(css), () => true)).toBe(css);
  });

  it("lists the rules a set of classes can use, for checking a cut against", () => {
    const index = indexStyles("h1{margin:0}@media (hover:hover){.b:hover{color:blue}}.c{color:red}");
    expect(usableRules(index, (n) => index.classes[n] === "b")).toEqual(["h1{margin:0}", ".b:hover{color:blue}"]);
  });
});

describe("the classes a page can show", () => {
  it("reads class attributes from markup, with entities undone", () => {
    const html =
      '<div class="flex  p-4"><svg class="size-4"></svg><p class="[&amp;&gt;svg]:size-4 a&#x27;b"></p></div>';
    expect([...classesInMarkup(html)].sort()).toEqual(["[&>svg]:size-4", "a'b", "flex", "p-4", "size-4"].sort());
  });

  it("finds the classes that scripts name, in any string, and not mere parts of longer words", () => {
    const index = indexStyles(
      ".flex{display:flex}.items-center{align-items:center}.hidden{display:none}.\\[\\&_svg\\:not\\(\\[class\\*\\=\\'size-\\'\\]\\)\\]\\:size-4{width:1rem}",
    );
    const code = `const a="flex\\nitems-center",b=\`x \${c}\`,d="[&_svg:not([class*='size-'])]:size-4",e="unhidden";`;
    const named = [...classesNamedIn(index, code)].map((n) => index.classes[n]);
    expect(named.sort()).toEqual(["[&_svg:not([class*='size-'])]:size-4", "flex", "items-center"].sort());
  });
});
