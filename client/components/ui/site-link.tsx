import type * as React from "react";
import { use } from "react";
import { ClientNavigationContext, isPlainClick } from "@/lib/client-navigation";

type SiteLinkProps = React.ComponentProps<"a"> & { href: string };

/**
 * A link that works with or without the client router: an ordinary link on a page sent as finished HTML, and a
 * page change without a reload inside the app. A click that asks for a new tab or window is left to the browser.
 */
export function SiteLink({ href, onClick, target, ...props }: SiteLinkProps) {
  const navigate = use(ClientNavigationContext);
  const handleClick = (event: React.MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (!navigate || event.defaultPrevented || !isPlainClick(event) || target) return;
    event.preventDefault();
    navigate(href);
  };
  return <a href={href} target={target} onClick={handleClick} {...props} />;
}
