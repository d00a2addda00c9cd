import { z } from "zod";

/** Admin lists show this many rows a page unless asked otherwise. */
export const DEFAULT_PAGE_SIZE = 20;
export const MAX_PAGE_SIZE = 100;
/** Past this, narrowing the search finds a row sooner than paging to it. */
export const MAX_PAGE = 1_000;

/**
 * `page` (from 1) and `pageSize` of an admin list. Lists answer an array with the match count in
 * `X-Total-Count`, as the public search does.
 */
export const ZPageQuery = z.object({
  page: z.coerce
    .number({ error: "Page must be a number" })
    .int("Page must be a whole number")
    .min(1, "Page must be 1 or more")
    .max(MAX_PAGE, `Page must be at most ${MAX_PAGE}; narrow the search instead`)
    .default(1),
  pageSize: z.coerce
    .number({ error: "Page size must be a number" })
    .int("Page size must be a whole number")
    .min(1, "Page size must be 1 or more")
    .max(MAX_PAGE_SIZE, `Page size must be at most ${MAX_PAGE_SIZE}`)
    .default(DEFAULT_PAGE_SIZE),
});
export type TPageQuery = z.infer<typeof ZPageQuery>;

/** Free text typed into an admin search box: trimmed; empty means no search. */
export const ZSearchText = z
  .string()
  .trim()
  .max(100, "Search text must be at most 100 characters")
  .optional()
  .transform((value) => (value ? value : undefined));

/** The rows to skip for a page. */
export const pageOffset = ({ page, pageSize }: TPageQuery) => (page - 1) * pageSize;
