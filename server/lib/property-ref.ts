const PG_INT_MAX = 2_147_483_647;

/**
 * A property named in a path: a numeric id or a slug (ZPropertyRef has checked the shape). Null for a
 * number past PostgreSQL's int range, which can name no property.
 */
export function parsePropertyRef(ref: string): { id: number } | { slug: string } | null {
  if (!/^\d+$/.test(ref)) return { slug: ref };
  const id = Number(ref);
  return id > PG_INT_MAX ? null : { id };
}
