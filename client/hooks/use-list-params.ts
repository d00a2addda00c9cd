import { useEffect, useRef, useState } from "react";
import { useSearchParams } from "react-router";
import { useDebouncedValue } from "./use-debounced-value";

/**
 * A server-paged list's search, filters and page, kept in the address bar so a view can be shared, reloaded
 * and left with Back. Typing is debounced before it reaches the address (and the server); any change of search
 * or filter goes back to page 1. `filters` names the list's filters and their "show everything" value.
 */
export function useListParams<F extends string>(filters: Record<F, string>) {
  const [params, setParams] = useSearchParams();
  // The address as last written: two changes in a row (a filter, then another) must build on each other, and
  // the router's own copy only catches up after the next render.
  const written = useRef(params);
  useEffect(() => {
    written.current = params;
  }, [params]);
  const urlQuery = params.get("q") ?? "";
  const [typed, setTyped] = useState(urlQuery);
  const debounced = useDebouncedValue(typed, 300);
  const page = Math.max(1, Number.parseInt(params.get("page") ?? "1", 10) || 1);

  const values = Object.fromEntries(
    (Object.keys(filters) as F[]).map((name) => [name, params.get(name) ?? filters[name]]),
  ) as Record<F, string>;

  function update(changes: Record<string, string | undefined>, resetPage: boolean) {
    const next = new URLSearchParams(written.current);
    for (const [name, value] of Object.entries(changes)) {
      const fallback = name in filters ? filters[name as F] : "";
      if (value === undefined || value === "" || value === fallback) next.delete(name);
      else next.set(name, value);
    }
    if (resetPage) next.delete("page");
    written.current = next;
    setParams(next, { replace: true });
  }

  // The debounced text reaches the address bar; Back and shared links bring their text into the box.
  // biome-ignore lint/correctness/useExhaustiveDependencies: only a settled change of the text is written
  useEffect(() => {
    if (debounced.trim() !== urlQuery) update({ q: debounced.trim() }, true);
  }, [debounced]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: follows the address bar, not the box
  useEffect(() => {
    if (urlQuery !== debounced.trim()) setTyped(urlQuery);
  }, [urlQuery]);

  /** The query string for the API: search, filters (unless "everything") and page. */
  const apiParams = new URLSearchParams();
  if (urlQuery) apiParams.set("q", urlQuery);
  for (const name of Object.keys(filters) as F[]) if (values[name] !== filters[name]) apiParams.set(name, values[name]);
  if (page > 1) apiParams.set("page", String(page));

  return {
    /** What is in the search box now. */
    typed,
    setTyped,
    /** The search the list shows. */
    query: urlQuery,
    filters: values,
    setFilter: (name: F, value: string) => update({ [name]: value }, true),
    page,
    setPage: (next: number) => update({ page: next > 1 ? String(next) : undefined }, false),
    apiQuery: apiParams.toString(),
  };
}
