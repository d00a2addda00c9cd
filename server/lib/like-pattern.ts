/**
 * `%text%` for ILIKE, with the text's own `%`, `_` and `\` matched as themselves: a search box finds what was
 * typed, never a pattern. PostgreSQL's default escape character is the backslash.
 */
export const likeContains = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
