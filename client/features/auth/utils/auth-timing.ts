/** How long sign-in screens wait before moving on, so a message can be read first. */
/** After a completed OAuth sign-in, before going to /dashboard… */
export const OAUTH_SUCCESS_REDIRECT_MS = 1000;
/** …plus this much on /auth, so the toast is seen before the page changes. */
export const OAUTH_AUTH_PAGE_EXTRA_MS = 200;
/** auth=success without a token, on /auth: before going to "/". */
export const OAUTH_NO_TOKEN_REDIRECT_MS = 500;
/** After "no such account" / "account exists": time to read the toast before the other tab opens. */
export const TAB_SWITCH_DELAY_MS = 2000;
