/** The session's place in the query cache, named apart from its query so a page can look for it without the cache. */
export const authKeys = {
  user: ["auth", "user"] as const,
};
