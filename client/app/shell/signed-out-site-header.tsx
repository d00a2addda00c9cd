import { type SiteHeaderProps, SiteHeaderView } from "./site-header-view";

const SIGNED_OUT = { status: "anonymous", user: null } as const;

/**
 * The header of a page sent as finished HTML to a visitor who is signed out: the server drew it so, and a sign-in
 * leaves the page (the sign-in page, or the home page sending someone back from Google or Apple on to their
 * dashboard), so it needs neither the session's query nor the account's code. Drawn by the same view as the header
 * that follows the session, so the markup matches.
 */
export function SignedOutSiteHeader(props: SiteHeaderProps) {
  return <SiteHeaderView {...props} auth={SIGNED_OUT} />;
}
