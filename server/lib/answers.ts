/** A stored value as a JSON answer carries it: a time as ISO text, anything else as it is. */
type AsAnswer<V> = V extends Date ? string : V;
export type AnswerOf<T> = { [K in keyof T]: AsAnswer<T[K]> };

/**
 * The row's fields that an entity's key list names, times as ISO text: the list that picks the answer's schema and
 * the query's columns (common/entities) also picks what is copied, so a view for another audience is one list.
 */
export function answerOf<T extends object, K extends keyof T & string>(
  row: T,
  keys: readonly K[],
): AnswerOf<Pick<T, K>> {
  return Object.fromEntries(
    keys.map((key) => {
      const value = row[key];
      return [key, value instanceof Date ? value.toISOString() : value];
    }),
  ) as AnswerOf<Pick<T, K>>;
}
