import { useEffect } from "react";

const BRAND = "StayLondon";

/** Sets the tab title for a page: "London Properties · StayLondon". Pass null to keep the current title (e.g. while loading). */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = title.startsWith(BRAND) || title.endsWith(BRAND) ? title : `${title} · ${BRAND}`;
  }, [title]);
}
