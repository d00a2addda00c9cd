import http from "node:http";
import fc from "fast-check";
import { z } from "zod";
import type { Database } from "../../server/db/client";

/**
 * Bad requests generated with fast-check from a route's own schemas and a request it would accept: one field of
 * the valid body made wrong at a time (the kind that finds real bugs), whole bodies of junk, broken JSON, wrong
 * content types, absurd path parameters and query strings, and broken multipart forms. Also a raw HTTP sender
 * (a browser cannot send most of these) and a checksum of every table, to show a refused request changed nothing.
 */

// ---------------------------------------------------------------- schemas

/** The subset of JSON Schema that zod's converter writes and the generators read. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  additionalProperties?: boolean | JsonSchema;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minLength?: number;
  maxLength?: number;
  minItems?: number;
  maxItems?: number;
};

/** What a zod schema accepts as input (refinements and transforms drop out: the valid sample stands for them). */
export function jsonSchemaOf(schema: unknown): JsonSchema | undefined {
  if (!(schema instanceof z.ZodType)) return undefined;
  return z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }) as JsonSchema;
}

/** A schema read off a valid value, for bodies no zod schema describes (Stripe's events). */
export function inferSchema(value: unknown): JsonSchema {
  if (Array.isArray(value)) return { type: "array", ...(value.length ? { items: inferSchema(value[0]) } : {}) };
  if (value === null) return { type: "null" };
  if (typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>);
    return {
      type: "object",
      properties: Object.fromEntries(entries.map(([key, item]) => [key, inferSchema(item)])),
      required: entries.map(([key]) => key),
    };
  }
  return { type: typeof value === "number" ? (Number.isInteger(value) ? "integer" : "number") : typeof value };
}

/** The schema without its `null` alternative (a nullable field is judged by what it is when present). */
function nonNull(node: JsonSchema): JsonSchema {
  if (node.anyOf) {
    const others = node.anyOf.filter((option) => option.type !== "null");
    if (others.length === 1 && others[0]) return nonNull(others[0]);
  }
  if (Array.isArray(node.type)) {
    const others = node.type.filter((type) => type !== "null");
    if (others.length === 1) return { ...node, type: others[0] };
  }
  return node;
}

function kindOf(node: JsonSchema): string | undefined {
  const plain = nonNull(node);
  if (plain.enum) return "enum";
  return typeof plain.type === "string" ? plain.type : undefined;
}

export type FieldPath = (string | number)[];
type Field = { path: FieldPath; schema: JsonSchema; value: unknown; present: boolean };

/** Every field of `value` the schema names (present or optional and absent), nested ones too. */
export function fieldsOf(schema: JsonSchema | undefined, value: unknown, prefix: FieldPath = []): Field[] {
  if (!schema) return [];
  const node = nonNull(schema);
  const fields: Field[] = [];
  if (kindOf(node) === "object" && value !== null && typeof value === "object" && !Array.isArray(value)) {
    const record = value as Record<string, unknown>;
    for (const [key, child] of Object.entries(node.properties ?? {})) {
      const path = [...prefix, key];
      const present = key in record;
      fields.push({ path, schema: child, value: record[key], present });
      if (present) fields.push(...fieldsOf(child, record[key], path));
    }
  } else if (kindOf(node) === "array" && Array.isArray(value) && value.length > 0 && node.items) {
    const path = [...prefix, 0];
    fields.push({ path, schema: node.items, value: value[0], present: true });
    fields.push(...fieldsOf(node.items, value[0], path));
  }
  return fields;
}

const DELETE = Symbol("delete");

/** A copy of `value` with the field at `path` replaced (or deleted). */
export function withField(value: unknown, path: FieldPath, replacement: unknown): unknown {
  if (path.length === 0) return replacement;
  const [head, ...rest] = path as [string | number, ...FieldPath];
  if (Array.isArray(value)) {
    const copy = [...value];
    if (rest.length === 0 && replacement === DELETE) copy.splice(head as number, 1);
    else copy[head as number] = withField(copy[head as number], rest, replacement);
    return copy;
  }
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  if (rest.length === 0 && replacement === DELETE) delete copy[head];
  else copy[head] = withField(copy[head], rest, replacement);
  return copy;
}

// ---------------------------------------------------------------- JSON text

/** A number token written into the JSON text as is: JSON.stringify cannot write 1e400 or -0.0. */
export class RawJson {
  constructor(readonly text: string) {}
  toString() {
    return this.text;
  }
}
const raw = (text: string) => new RawJson(text);

/** JSON text of `value`, with RawJson tokens written verbatim. */
export function toJsonText(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  if (Array.isArray(value)) return `[${value.map(toJsonText).join(",")}]`;
  if (value !== null && typeof value === "object") {
    return `{${Object.entries(value)
      .map(([key, item]) => `${JSON.stringify(key)}:${toJsonText(item)}`)
      .join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/** A short description of a value for a request's label. */
export function brief(value: unknown, max = 60): string {
  let text: string;
  if (value === DELETE) return "(deleted)";
  if (typeof value === "string" && value.length > max) {
    return `${JSON.stringify(value.slice(0, 20))}… (${value.length} chars)`;
  }
  try {
    text = toJsonText(value);
  } catch {
    text = String(value);
  }
  return text.length > max ? `${text.slice(0, max)}… (${text.length} chars)` : text;
}

// ---------------------------------------------------------------- bad values

const WEIRD_STRINGS = [
  "",
  " ",
  "\t\n\r",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "\udfff",
  "\u202eevil\u202d",
  "\u200b\u200b",
  "\ufeff",
  "e\u0301\u0301\u0301",
  "😀".repeat(30),
  "Ω≈ç√∫",
  "<script>alert(1)</script>",
  "<img src=x onerror=alert(1)>",
  "' OR 1=1 --",
  "'; drop table users; --",
  "%00",
  "../../etc/passwd",
  "#{7*7}",
  "{{7*7}}",
  "NaN",
  "Infinity",
  "-Infinity",
  "1e309",
  "-0",
  "0x10",
  "null",
  "undefined",
  "true",
  "[]",
  "{}",
  "__proto__",
  "constructor",
];

const DATES = [
  "2024-02-30",
  "2023-02-29",
  "2024-13-01",
  "2024-00-10",
  "2024-01-00",
  "0000-01-01",
  "0001-01-01",
  "1900-01-01",
  "1969-12-31",
  "1999-12-31",
  "2100-12-31",
  "2101-01-01",
  "9999-12-31",
  "10000-01-01",
  "+275760-09-13",
  "-000001-01-01",
  "2024-1-1",
  "2024/01/01",
  "20240101",
  "2024-01-01T00:00:00Z",
  " 2024-01-01",
  "today",
];

const EMAILS = [
  "a@b",
  "@example.com",
  "someone@",
  `${"a".repeat(250)}@example.com`,
  `someone@${"b".repeat(250)}.com`,
  "SOMEONE@EXAMPLE.COM",
  "  someone@example.com  ",
  "some one@example.com",
  "someone+tag@example.com",
  "用户@例子.广告",
  "someone@[127.0.0.1]",
  '"quoted"@example.com',
  "someone@example.com\nBcc: x@example.com",
];

const URLS = [
  "javascript:alert(1)",
  "data:image/png;base64,AAAA",
  "file:///etc/passwd",
  "http://",
  `https://example.com/${"a".repeat(2000)}.jpg`,
  "https://127.0.0.1/x.png",
  "https://[::1]/x.png",
  "ftp://example.com/x.png",
  "https://exa mple.com/a.png",
  "//example.com/a.png",
  "https://example.com/%%%.png",
  "https://user:pass@example.com/a.png",
];

const NUMBER_TOKENS = [
  raw("1e400"),
  raw("-1e400"),
  raw("1E+2"),
  raw("-0.0"),
  raw("123456789012345678901234567890"),
  raw("0.30000000000000004"),
  raw("1.0"),
  raw("4.9e-324"),
];

const NUMBERS = [
  0,
  -1,
  0.5,
  1.5,
  0.001,
  1e-9,
  2 ** 31 - 1,
  2 ** 31,
  -(2 ** 31) - 1,
  2 ** 53,
  2 ** 53 + 2,
  1e21,
  1e300,
  -1e300,
  Number.MIN_VALUE,
];

const weirdString = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...WEIRD_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: "binary", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: "grapheme", maxLength: 30 }) },
  { weight: 1, arbitrary: fc.constantFrom(256, 5_001, 70_000).map((n) => "x".repeat(n)) },
);

const weirdNumber = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(...NUMBERS, ...NUMBER_TOKENS) },
  { weight: 1, arbitrary: fc.double({ noNaN: true, noDefaultInfinity: true }) },
  { weight: 1, arbitrary: fc.integer() },
);

/** Deeply nested arrays and objects, written as text (too deep to build as values cheaply). */
const deepNesting = fc
  .tuple(fc.constantFrom(40, 1_000, 20_000), fc.boolean())
  .map(([depth, arrays]) =>
    raw(arrays ? `${"[".repeat(depth)}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}`),
  );

/** Anything at all, in place of a field or a body. */
export const junk: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom<unknown>(null, true, false, 0, "", [], {}, [[[]]], { "": "" }, [null]) },
  { weight: 2, arbitrary: weirdString },
  { weight: 2, arbitrary: weirdNumber },
  { weight: 2, arbitrary: fc.jsonValue({ maxDepth: 3 }) },
  { weight: 1, arbitrary: deepNesting },
);

/** Strings near the schema's length bounds, and strings a valid one turns into with something odd added. */
function stringsNear(node: JsonSchema, valid: unknown): fc.Arbitrary<unknown> {
  const text = typeof valid === "string" ? valid : "text";
  const near: string[] = [`${text}\u0000`, `${text}\ud800`, `${text}<script>`, `\u202e${text}`, text.toUpperCase()];
  if (node.minLength !== undefined) {
    near.push("x".repeat(Math.max(0, node.minLength - 1)), " ".repeat(node.minLength + 3));
  }
  if (node.maxLength !== undefined) {
    near.push("x".repeat(node.maxLength + 1), "é".repeat(node.maxLength + 1), "😀".repeat(node.maxLength));
  }
  const pools: fc.Arbitrary<unknown>[] = [fc.constantFrom(...near), weirdString];
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) pools.push(fc.constantFrom(...DATES));
  if (text.includes("@")) pools.push(fc.constantFrom(...EMAILS));
  if (/^https?:/.test(text)) pools.push(fc.constantFrom(...URLS));
  return fc.oneof(...pools);
}

/** Numbers just outside the bounds, with fractions, too big for an int4, and as text or tokens. */
function numbersNear(node: JsonSchema, valid: unknown): fc.Arbitrary<unknown> {
  const near: number[] = [];
  const low = node.minimum ?? node.exclusiveMinimum;
  const high = node.maximum ?? node.exclusiveMaximum;
  if (low !== undefined) near.push(low - 1, low - 0.5, low - 0.001, low);
  if (high !== undefined) near.push(high + 1, high + 0.5, high + 0.001, high);
  if (typeof valid === "number") near.push(valid + 0.5, valid + 0.001, -valid);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom(...(near.length ? near : [0])) },
    { weight: 3, arbitrary: weirdNumber },
    { weight: 1, arbitrary: fc.constantFrom("1", "1e3", "NaN", "Infinity", " 2 ", "0x10", "") },
    { weight: 1, arbitrary: fc.constantFrom(true, null, [1], { value: 1 }) },
  );
}

/** A wrong value for a field of this schema, aimed at what the field is (a date, an e-mail, an id…). */
export function badValueFor(schema: JsonSchema, valid: unknown): fc.Arbitrary<unknown> {
  const node = nonNull(schema);
  switch (kindOf(node)) {
    case "string":
      return fc.oneof(
        { weight: 4, arbitrary: stringsNear(node, valid) },
        { weight: 1, arbitrary: weirdNumber },
        { weight: 1, arbitrary: fc.constantFrom<unknown>(true, null, [valid], { value: valid }) },
      );
    case "number":
    case "integer":
      return numbersNear(node, valid);
    case "boolean":
      return fc.constantFrom<unknown>("true", "false", 1, 0, "yes", "", null, [true], {});
    case "enum": {
      const values = (node.enum ?? []).map(String);
      const near = values.flatMap((v) => [v.toUpperCase(), ` ${v}`, `${v}\u0000`, `${v}s`]);
      return fc.oneof(
        fc.constantFrom<unknown>(...near, "", "other", [values[0]], { value: values[0] }),
        weirdString,
        weirdNumber,
      );
    }
    case "array": {
      const items = Array.isArray(valid) ? valid : [];
      const max = node.maxItems ?? 100;
      return fc.oneof(
        fc.constantFrom<unknown>(
          [],
          Array.from({ length: max + 1 }, (_, i) => items[i % Math.max(1, items.length)] ?? i),
          Array.from({ length: 10_000 }, () => items[0] ?? 1),
          [...items, ...items],
          [items],
          items[0] ?? "x",
          { 0: items[0] },
        ),
        node.items ? fc.array(badValueFor(node.items, items[0]), { minLength: 1, maxLength: 3 }) : junk,
      );
    }
    case "object":
      return fc.oneof(
        fc.constantFrom<unknown>([valid], "object", 1, {}, null),
        fc.dictionary(fc.constantFrom("extra", "__proto__", "constructor", "id", "0"), junk, { maxKeys: 2 }),
      );
    default:
      return junk;
  }
}

// ---------------------------------------------------------------- requests

export type RawRequest = {
  method: string;
  /** Path and query, already encoded (on purpose badly, sometimes). */
  path: string;
  headers: Record<string, string>;
  body?: string | Buffer;
  /** What was made wrong, for a failure's report. */
  label: string;
};

/** A route and a request it would accept: what the bad ones are made from. */
export type RequestSpec = {
  method: string;
  /** The route's URL with `:name` parameters. */
  url: string;
  params: Record<string, string>;
  paramsSchema?: JsonSchema;
  query?: Record<string, string>;
  querySchema?: JsonSchema;
  /** A body the route accepts; undefined when it takes none. */
  body?: unknown;
  bodySchema?: JsonSchema;
  headers?: Record<string, string>;
  headersSchema?: JsonSchema;
  /** The route reads multipart forms: the file field, a small real image, and a JSON text field if any. */
  multipart?: {
    fileField: string;
    image: Buffer;
    jsonField?: { name: string; value: unknown };
    /** Plain text fields a valid form carries beside the file (a description, an amount, a date). */
    textFields?: Record<string, string>;
  };
  /** The route checks a signature over the raw body (Stripe's webhook): how to sign one. */
  sign?: (payload: string) => string;
};

const JSON_TYPE = "application/json";

function pathOf(spec: RequestSpec, params: Record<string, string>, query: string): string {
  const path = spec.url.replace(/:([A-Za-z]+)/g, (_, name: string) => params[name] ?? "");
  return query ? `${path}?${query}` : path;
}

const encodeQuery = (query: Record<string, string> | undefined) =>
  new URLSearchParams(Object.entries(query ?? {})).toString();

function request(
  spec: RequestSpec,
  label: string,
  parts: {
    params?: Record<string, string>;
    query?: string;
    headers?: Record<string, string>;
    body?: { data: string | Buffer; type?: string };
  },
): RawRequest {
  const body = parts.body ?? (spec.body === undefined ? undefined : { data: toJsonText(spec.body), type: JSON_TYPE });
  // A route that checks signatures gets a good one for whatever it is sent, so the body reaches its code.
  const signature: Record<string, string> =
    spec.sign && body ? { "stripe-signature": spec.sign(body.data.toString()) } : {};
  return {
    method: spec.method,
    path: pathOf(spec, parts.params ?? spec.params, parts.query ?? encodeQuery(spec.query)),
    headers: {
      ...(body?.type === undefined ? {} : { "content-type": body.type }),
      ...(spec.headers ?? {}),
      ...signature,
      ...(parts.headers ?? {}),
    },
    ...(body ? { body: body.data } : {}),
    label,
  };
}

/** A JSON body made from `value`. */
const jsonBody = (spec: RequestSpec, value: unknown, label: string) =>
  request(spec, label, { body: { data: toJsonText(value), type: JSON_TYPE } });

/** The valid body with one field made wrong, deleted, or joined by an unknown one. */
function mutatedBody(schema: JsonSchema | undefined, valid: unknown) {
  const fields = fieldsOf(schema, valid);
  const unknownKey = fc.constantFrom("extra", "isAdmin", "status", "totalPrice", "ownerId", "id", "role", "", "é");
  /** One field of `base` made wrong, deleted or nulled. */
  const change = (base: unknown, field: Field): fc.Arbitrary<[string, unknown]> => {
    const at = field.path.join(".");
    const options: fc.Arbitrary<[string, unknown]>[] = [
      badValueFor(field.schema, field.value).map((v) => [`${at} = ${brief(v)}`, v]),
      junk.map((v) => [`${at} = ${brief(v)}`, v]),
    ];
    if (field.present) {
      options.push(fc.constant([`${at} deleted`, DELETE]));
      options.push(fc.constant([`${at} = null`, null]));
    }
    return fc.oneof(...options).map(([label, v]): [string, unknown] => [label, withField(base, field.path, v)]);
  };
  const addUnknown = fc
    .tuple(unknownKey, junk)
    .map(([key, v]): [string, unknown] => [
      `unknown field ${JSON.stringify(key)} = ${brief(v)}`,
      { ...(valid as object), [key]: v },
    ]);
  if (fields.length === 0 || valid === null || typeof valid !== "object") return addUnknown;
  const field = fc.constantFrom(...fields);
  // Two at once finds what each alone cannot: a pair of dates in the wrong order, both prices at their limits.
  const two = fc
    .tuple(field, field)
    .filter(([a, b]) => a.path.join(".") !== b.path.join("."))
    .chain(([a, b]) =>
      change(valid, a).chain(([first, once]) =>
        change(once, b).map(([second, twice]): [string, unknown] => [`${first}; ${second}`, twice]),
      ),
    );
  return fc.oneof(
    { weight: 6, arbitrary: field.chain((f) => change(valid, f)) },
    ...(fields.length > 1 ? [{ weight: 2, arbitrary: two }] : []),
    { weight: 1, arbitrary: addUnknown },
  );
}

/** Text that is not JSON, or not quite: cut off, with junk after it, single quotes, odd bytes. */
function malformedJson(valid: string): fc.Arbitrary<[string, string | Buffer]> {
  const fixed: (string | Buffer)[] = [
    "",
    " ",
    "{",
    "[",
    "nul",
    "undefined",
    "NaN",
    '{"a":}',
    "{a:1}",
    "[1,]",
    `${valid},`,
    `${valid}}`,
    `${valid} x`,
    valid.replaceAll('"', "'"),
    `\ufeff${valid}`,
    `{"__proto__":{"isAdmin":true}}`,
    `{"constructor":{"prototype":{"isAdmin":true}}}`,
    valid.replace("{", '{"a":1,"a":[2],'),
    Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xc3, 0x28, 0x22, 0x7d]),
    Buffer.from([0xff, 0xfe, 0x7b, 0x00, 0x7d, 0x00]),
    "[".repeat(100_000),
    "x".repeat(1_100_000),
  ];
  return fc.oneof(
    fc
      .constantFrom(...fixed)
      .map((text): [string, string | Buffer] => [`malformed JSON ${brief(text.toString())}`, text]),
    fc
      .nat({ max: Math.max(0, valid.length - 1) })
      .map((cut): [string, string] => [`JSON cut off after ${cut} characters`, valid.slice(0, cut)]),
  );
}

const WRONG_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=nothing-here",
  "application/json; charset=utf-16",
  "application/json; charset=iso-8859-1",
  "application/jsonp",
  "APPLICATION/JSON",
  "application/merge-patch+json",
  "",
  "*/*",
];

const BAD_SEGMENTS = [
  "0",
  "-1",
  "-0",
  "1.5",
  "1e3",
  "1e400",
  "0x10",
  "%201",
  "1%20",
  "+1",
  "2147483648",
  "9223372036854775808",
  "99999999999999999999999",
  "NaN",
  "Infinity",
  "-Infinity",
  "null",
  "undefined",
  "true",
  "abc",
  "%00",
  "1%00",
  "%ZZ",
  "%",
  "..",
  "%2e%2e",
  "%2F",
  "a%2Fb",
  "%F0%9F%98%80",
  "%C0%AF",
  "%E0%A4%A",
  "%u0000",
  "x".repeat(199),
  "9".repeat(201),
  "1;drop%20table%20users",
  "__proto__",
  "constructor",
  "%27",
  "%22",
  "1%0A",
  "a-slug-that-is-not-there",
];

function badSegment(): fc.Arbitrary<string> {
  return fc.oneof(
    { weight: 4, arbitrary: fc.constantFrom(...BAD_SEGMENTS) },
    { weight: 1, arbitrary: fc.integer().map(String) },
    { weight: 1, arbitrary: fc.double({ noNaN: true }).map(String) },
    { weight: 1, arbitrary: fc.string({ unit: "grapheme", minLength: 1, maxLength: 20 }).map(encodeURIComponent) },
  );
}

/** A query value (text), from a bad JSON value. */
const asQueryText = (value: unknown) =>
  typeof value === "string" ? value : value instanceof RawJson ? value.text : toJsonText(value);

function badQuery(spec: RequestSpec): fc.Arbitrary<[string, string]> {
  const valid = spec.query ?? {};
  const generic = fc.constantFrom(
    "x=1",
    "__proto__=1",
    "constructor[prototype][x]=1",
    "a[b]=1",
    "%00=1",
    "=",
    "&&&",
    "a=%ZZ",
    `${"a=1&".repeat(500)}b=2`,
    `q=${"x".repeat(6_000)}`,
  );
  const options: fc.Arbitrary<[string, string]>[] = [
    generic.map((extra): [string, string] => {
      const base = encodeQuery(valid);
      return [`query + ${brief(extra)}`, base ? `${base}&${extra}` : extra];
    }),
  ];
  const fields = fieldsOf(spec.querySchema, valid);
  if (fields.length) {
    options.push(
      fc.constantFrom(...fields).chain((field) =>
        fc.oneof(
          badValueFor(field.schema, field.value).map((v): [string, string] => {
            const text = asQueryText(v);
            return [
              `query ${field.path.join(".")} = ${brief(text)}`,
              encodeQuery({ ...valid, [String(field.path[0])]: text }),
            ];
          }),
          fc.constant<[string, string]>([
            `query ${field.path.join(".")} missing`,
            encodeQuery(Object.fromEntries(Object.entries(valid).filter(([k]) => k !== field.path[0]))),
          ]),
          fc.constant<[string, string]>([
            `query ${field.path.join(".")} given twice`,
            `${encodeQuery(valid)}&${encodeQuery({ [String(field.path[0])]: String(field.value) })}`,
          ]),
        ),
      ),
    );
  }
  return fc.oneof(...options);
}

const CRLF = "\r\n";

type Part = { name: string; filename?: string; type?: string; data: string | Buffer };

/** A multipart body of `parts`, framed with `boundary`. */
export function multipartBody(boundary: string, parts: Part[], close = true): Buffer {
  const chunks: Buffer[] = [];
  for (const part of parts) {
    const disposition = `form-data; name="${part.name}"${part.filename === undefined ? "" : `; filename="${part.filename}"`}`;
    const head = `--${boundary}${CRLF}Content-Disposition: ${disposition}${CRLF}${
      part.type ? `Content-Type: ${part.type}${CRLF}` : ""
    }${CRLF}`;
    chunks.push(Buffer.from(head, "utf8"), Buffer.from(part.data), Buffer.from(CRLF));
  }
  if (close) chunks.push(Buffer.from(`--${boundary}--${CRLF}`));
  return Buffer.concat(chunks);
}

/** Multipart forms that are wrong: broken or foreign files, wrong fields, broken framing, a bad JSON field. */
function badMultipart(spec: RequestSpec): fc.Arbitrary<RawRequest> {
  const form = spec.multipart;
  if (!form) throw new Error("not a multipart route");
  const boundary = "----fuzz-boundary-7MA4YWxkTrZu0gW";
  const type = `multipart/form-data; boundary=${boundary}`;
  const textFields = Object.entries(form.textFields ?? {});
  const textParts = (fields: Array<[string, string]>): Part[] => fields.map(([name, data]) => ({ name, data }));
  const jsonPart = (value: unknown): Part[] => [
    ...textParts(textFields),
    ...(form.jsonField ? [{ name: form.jsonField.name, data: toJsonText(value) }] : []),
  ];
  const validJson = jsonPart(form.jsonField?.value);
  const photo = (data: Buffer, filename = "photo.png", name = form.fileField): Part => ({
    name,
    filename,
    type: "image/png",
    data,
  });
  const send = (label: string, parts: Part[], options: { close?: boolean; contentType?: string } = {}) =>
    request(spec, label, {
      body: { data: multipartBody(boundary, parts, options.close ?? true), type: options.contentType ?? type },
    });

  const image = form.image;
  const corrupted = fc
    .array(fc.tuple(fc.nat({ max: image.length - 1 }), fc.integer({ min: 0, max: 255 })), {
      minLength: 1,
      maxLength: 8,
    })
    .map((flips) => {
      const copy = Buffer.from(image);
      for (const [at, byte] of flips) copy[at] = byte;
      return copy;
    });
  const notImages = fc.oneof(
    fc.uint8Array({ maxLength: 2_000 }).map((bytes) => Buffer.from(bytes)),
    fc.constantFrom(
      Buffer.from("<svg xmlns='http://www.w3.org/2000/svg'><script>alert(1)</script></svg>"),
      Buffer.from("GIF89a\u0000\u0000garbage"),
      Buffer.from("%PDF-1.4\n"),
      Buffer.alloc(0),
      image.subarray(0, Math.floor(image.length / 2)),
      Buffer.concat([Buffer.from("junk"), image]),
    ),
  );
  const filenames = fc.constantFrom(
    "../../etc/passwd",
    "a\u0000.png",
    "",
    "x".repeat(5_000),
    "photo.png\r\nX-Injected: 1",
    "😀.png",
    "photo.exe",
  );
  const options: fc.Arbitrary<RawRequest>[] = [
    corrupted.map((bytes) => send("an image with bytes changed", [...validJson, photo(bytes)])),
    notImages.map((bytes) => send(`a file that is not an image (${bytes.length} bytes)`, [...validJson, photo(bytes)])),
    filenames.map((name) => send(`a photo named ${brief(name)}`, [...validJson, photo(image, name)])),
    fc
      .constantFrom("photo", "photos", "file", "images", "property", "", "photos[]")
      .filter((name) => name !== form.fileField)
      .map((name) => send(`the photo in field ${JSON.stringify(name)}`, [...validJson, photo(image, "p.png", name)])),
    fc
      .tuple(fc.constantFrom("extra", "property", "note", ""), weirdString)
      .map(([name, value]) =>
        send(`an extra text field ${JSON.stringify(name)}`, [
          ...validJson,
          { name, data: String(value) },
          photo(image),
        ]),
      ),
    fc
      .constantFrom(2, 22, 40)
      .map((n) => send(`${n} photos`, [...validJson, ...Array.from({ length: n }, () => photo(image))])),
    fc.constant(send("the form cut off before its last boundary", [...validJson, photo(image)], { close: false })),
    fc.constant(
      send("a boundary the header does not name", [...validJson, photo(image)], {
        contentType: "multipart/form-data; boundary=something-else",
      }),
    ),
    fc.constant(
      send("multipart without a boundary", [...validJson, photo(image)], { contentType: "multipart/form-data" }),
    ),
    fc.constant(send("an empty form", [])),
    fc.constant(
      send("a text field where the photo should be", [...validJson, { name: form.fileField, data: "hello" }]),
    ),
  ];
  if (form.jsonField) {
    const field = form.jsonField;
    const schema = spec.bodySchema;
    options.push(
      mutatedBody(schema, field.value).map(([label, value]) =>
        send(`form field ${field.name}: ${label}`, [...jsonPart(value), photo(image)]),
      ),
      malformedJson(toJsonText(field.value))
        .filter(([, text]) => text.length < 200_000)
        .map(([label, text]) =>
          send(`form field ${field.name}: ${label}`, [{ name: field.name, data: text }, photo(image)]),
        ),
      fc.constant(send(`no ${field.name} field`, [photo(image)])),
      fc.constant(send(`${field.name} given twice`, [...validJson, ...validJson, photo(image)])),
    );
  }
  for (const [name] of textFields) {
    const others = textFields.filter(([other]) => other !== name);
    options.push(
      fc
        .oneof(fc.string({ maxLength: 40 }), fc.constantFrom("", " ", "-1", "1e9", "0.001", "NaN", "9".repeat(400)))
        .map((text) =>
          send(`form field ${name} = ${brief(text)}`, [...textParts([...others, [name, text]]), photo(image)]),
        ),
      fc.constant(send(`no ${name} field`, [...textParts(others), photo(image)])),
    );
  }
  return fc.oneof(...options);
}

/** Stripe-Signature headers that are wrong: missing, forged, stale, or not the format at all. */
function badSignature(spec: RequestSpec): fc.Arbitrary<RawRequest> {
  const payload = toJsonText(spec.body);
  const good = spec.sign?.(payload) ?? "";
  const stale = good.replace(/t=\d+/, "t=1000000000");
  return fc
    .constantFrom<[string, Record<string, string>]>(
      ["no signature", {}],
      ["a forged signature", { "stripe-signature": good.replace(/v1=\w{6}/, "v1=000000") }],
      ["a stale signature", { "stripe-signature": stale }],
      ["an empty signature", { "stripe-signature": "" }],
      ["a signature that is not one", { "stripe-signature": "t=,v1=" }],
      ["a huge signature", { "stripe-signature": `t=1,v1=${"a".repeat(6_000)}` }],
    )
    .map(([label, headers]) => {
      const made = request(spec, label, { body: { data: payload, type: JSON_TYPE } });
      const { "stripe-signature": _signed, ...rest } = made.headers;
      return { ...made, headers: { ...rest, ...headers } };
    });
}

/**
 * Bad requests for one route, from its schemas and a request it would accept. Every request changes one thing
 * of that valid request (or replaces the body whole), so what got through shows which input was not checked.
 */
export function badRequests(spec: RequestSpec): fc.Arbitrary<RawRequest> {
  const options: { weight: number; arbitrary: fc.Arbitrary<RawRequest> }[] = [];
  if (spec.body !== undefined) {
    const validText = toJsonText(spec.body);
    options.push(
      {
        weight: 10,
        arbitrary: mutatedBody(spec.bodySchema, spec.body).map(([label, value]) =>
          jsonBody(spec, value, `body ${label}`),
        ),
      },
      { weight: 2, arbitrary: junk.map((value) => jsonBody(spec, value, `body = ${brief(value)}`)) },
      {
        weight: 2,
        arbitrary: malformedJson(validText).map(([label, text]) =>
          request(spec, label, { body: { data: text, type: JSON_TYPE } }),
        ),
      },
      {
        weight: 1,
        arbitrary: fc.constant(spec.body).map((valid) => {
          const boundary = "----fuzz-form-boundary";
          const fields = Object.entries(valid !== null && typeof valid === "object" ? valid : { value: valid });
          const parts = fields.map(([name, v]) => ({ name, data: typeof v === "string" ? v : toJsonText(v) }));
          return request(spec, "the body as a multipart form", {
            body: { data: multipartBody(boundary, parts), type: `multipart/form-data; boundary=${boundary}` },
          });
        }),
      },
      {
        weight: 1,
        arbitrary: fc.constantFrom(...WRONG_TYPES, null).map((type) =>
          request(spec, `content-type ${type === null ? "missing" : JSON.stringify(type)}`, {
            body: { data: validText, ...(type === null ? {} : { type }) },
          }),
        ),
      },
    );
  } else {
    // The route takes no body: one sent anyway must not upset it.
    options.push({
      weight: 2,
      arbitrary: fc.oneof(
        junk.map((value) =>
          request(spec, `unexpected body ${brief(value)}`, {
            body: { data: toJsonText(value), type: "application/json" },
          }),
        ),
        malformedJson("{}").map(([label, text]) =>
          request(spec, `unexpected body, ${label}`, { body: { data: text, type: "application/json" } }),
        ),
        fc
          .constantFrom(...WRONG_TYPES)
          .map((type) =>
            request(spec, `unexpected body of type ${JSON.stringify(type)}`, { body: { data: "hello", type } }),
          ),
      ),
    });
  }
  if (spec.multipart) options.push({ weight: 8, arbitrary: badMultipart(spec) });
  if (spec.sign) options.push({ weight: 2, arbitrary: badSignature(spec) });
  const names = Object.keys(spec.params);
  if (names.length) {
    options.push({
      weight: 4,
      arbitrary: fc
        .tuple(fc.constantFrom(...names), badSegment())
        .map(([name, segment]) =>
          request(spec, `path ${name} = ${brief(segment)}`, { params: { ...spec.params, [name]: segment } }),
        ),
    });
  }
  options.push({
    weight: spec.query ? 4 : 1,
    arbitrary: badQuery(spec).map(([label, query]) => request(spec, label, { query })),
  });
  const headerFields = fieldsOf(spec.headersSchema, { ...(spec.headers ?? {}), ...headerDefaults(spec) });
  if (headerFields.length) {
    options.push({
      weight: 2,
      arbitrary: fc
        .tuple(
          fc.constantFrom(...headerFields),
          fc.constantFrom("", " ", "x".repeat(101), "x".repeat(6_000), "%00", "\t1\t", "ünïcode"),
        )
        .map(([field, value]) =>
          request(spec, `header ${field.path.join(".")} = ${brief(value)}`, {
            headers: { [String(field.path[0])]: Buffer.from(value, "utf8").toString("latin1") },
          }),
        ),
    });
  }
  return fc.oneof(...options);
}

/** Headers the schema names that the valid request leaves out, given a plausible value to mutate. */
function headerDefaults(spec: RequestSpec): Record<string, string> {
  const names = Object.keys(nonNull(spec.headersSchema ?? {}).properties ?? {});
  return Object.fromEntries(names.filter((n) => !spec.headers?.[n]).map((n) => [n, "fuzz-key-1"]));
}

// ---------------------------------------------------------------- sending

export type RawResponse = { status: number; text: string; json: unknown; location: string | undefined };

/** Sends requests exactly as given (bad encodings and all) over a few kept-alive connections. */
export function rawSender(baseUrl: string, connections: number) {
  const { hostname, port } = new URL(baseUrl);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const sendOnce = (req: RawRequest, cookie: string | undefined, useAgent: boolean) =>
    new Promise<RawResponse>((resolve, reject) => {
      const body = req.body === undefined ? undefined : Buffer.from(req.body);
      const outgoing = http.request(
        {
          host: hostname,
          port,
          method: req.method,
          path: req.path,
          agent: useAgent ? agent : false,
          headers: {
            ...req.headers,
            ...(cookie ? { cookie } : {}),
            ...(body ? { "content-length": String(body.length) } : {}),
          },
        },
        (response) => {
          const chunks: Buffer[] = [];
          response.on("data", (chunk: Buffer) => chunks.push(chunk));
          response.on("error", reject);
          response.on("end", () => {
            const text = Buffer.concat(chunks).toString("utf8");
            let json: unknown;
            try {
              json = JSON.parse(text);
            } catch {
              json = undefined;
            }
            resolve({ status: response.statusCode ?? 0, text, json, location: response.headers.location });
          });
        },
      );
      outgoing.on("error", reject);
      outgoing.end(body);
    });
  return {
    async send(req: RawRequest, cookie?: string): Promise<RawResponse> {
      try {
        return await sendOnce(req, cookie, true);
      } catch (error) {
        // A server that answers before reading a huge body closes the connection under it: ask again on a
        // connection of its own, which still gets the answer.
        if ((error as { code?: string }).code !== "ECONNRESET" && (error as { code?: string }).code !== "EPIPE") {
          throw error;
        }
        return sendOnce(req, cookie, false);
      }
    },
    close: () => agent.destroy(),
  };
}

/** Runs `work` over `items` with at most `limit` at once, keeping the order of the answers. */
export async function mapLimit<T, R>(items: T[], limit: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results = new Array<R>(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await work(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

// ---------------------------------------------------------------- the database's state

/** Columns left out of a table's checksum: `*` leaves the whole table out. */
export type Ignored = Record<string, readonly string[] | "*">;

/**
 * Every table's row count and a checksum of its rows (as JSON), leaving out `ignored` columns: any row written,
 * changed or deleted shows as a different checksum.
 */
export async function tableChecksums(db: Database, ignored: Ignored): Promise<Record<string, string>> {
  const tables = (
    await db.$client.query<{ name: string }>(
      "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1",
    )
  ).rows
    .map((row) => row.name)
    .filter((name) => ignored[name] !== "*");
  const parts = tables.map((name) => {
    const columns = ignored[name];
    const drop = Array.isArray(columns) && columns.length ? ` - '{${columns.join(",")}}'::text[]` : "";
    // A sum of 64-bit row hashes: any row added, changed or removed changes it, and no sort is needed.
    return `select '${name}' as name, count(*) || ':' || coalesce(sum(hashtextextended((to_jsonb(t)${drop})::text, 0)), 0) as sum from "${name}" t`;
  });
  const rows = (await db.$client.query<{ name: string; sum: string }>(parts.join(" union all "))).rows;
  return Object.fromEntries(rows.map((row) => [row.name, row.sum]));
}

/** The tables whose checksum differs. */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => before[name] !== after[name]).sort();
}
