import { useCallback, useEffect, useRef, useState } from "react";
import { EMPTY_STAY_DRAFT, type StayDraft, sameStayDraft, stayDraftFrom } from "@/lib/stay-search";

/**
 * The stay (checkIn, checkOut, guests) of the URL, with a local draft for the inputs. React Router's
 * setSearchParams builds on the params of the last render, so two quick edits written straight to the
 * URL would lose the first; the draft takes every edit and `write` receives the whole stay.
 * `written` holds the stay last handed to `write`, for other writers of the same URL.
 */
export function useStayDraft(searchParams: URLSearchParams, write: (draft: StayDraft) => void) {
  const fromUrl = stayDraftFrom(searchParams);
  const [draft, setDraft] = useState(fromUrl);
  const written = useRef(fromUrl);
  const writeRef = useRef(write);
  useEffect(() => {
    writeRef.current = write;
  });

  // The URL changed from outside (back/forward, a link): show its stay.
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed on the three URL values
  useEffect(() => {
    if (sameStayDraft(fromUrl, written.current)) return;
    written.current = fromUrl;
    setDraft(fromUrl);
  }, [fromUrl.checkIn, fromUrl.checkOut, fromUrl.guests]);

  useEffect(() => {
    if (sameStayDraft(draft, written.current)) return;
    written.current = draft;
    writeRef.current(draft);
  }, [draft]);

  const update = useCallback((field: keyof StayDraft, value: string) => {
    setDraft((current) => ({ ...current, [field]: value }));
  }, []);

  /** Empties the stay without writing it: the caller writes the URL once for everything it clears. */
  const clear = useCallback(() => {
    written.current = EMPTY_STAY_DRAFT;
    setDraft(EMPTY_STAY_DRAFT);
  }, []);

  return { draft, update, clear, written };
}
