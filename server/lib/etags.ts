import { createHash } from "node:crypto";

/**
 * A weak ETag for content made of `parts`: the same validator for answers that mean the same thing, whatever their
 * coding or the parts of them that change with each request (RFC 9110, 8.8.1).
 */
export function weakEtag(...parts: Array<string | Buffer>): string {
  const hash = createHash("sha256");
  for (const part of parts) hash.update(part).update("\n");
  return `W/"${hash.digest("base64url").slice(0, 27)}"`;
}

/** Whether an If-None-Match header names `etag` (weak comparison, as the header requires; `*` names any). */
export function ifNoneMatchNames(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const own = etag.startsWith("W/") ? etag.slice(2) : etag;
  for (const raw of ifNoneMatch.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || (tag.startsWith("W/") ? tag.slice(2) : tag) === own) return true;
  }
  return false;
}
