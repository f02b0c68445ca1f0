// LIKE patterns from user text: `%`, `_` and the escape character itself match literally, so a
// search for "50%" finds "50%" and not every row. Use with `LIKE ? ESCAPE '\'` (LIKE_ESCAPE).

/** The ESCAPE clause that goes after every `LIKE ?` whose pattern comes from containsPattern. */
export const LIKE_ESCAPE = "ESCAPE '\\'";

/**
 * A pattern matching any text that contains `text` literally, lower-cased when `lower` is set.
 * @example store.all(`SELECT name FROM eshop_products WHERE LOWER(name) LIKE ? ${LIKE_ESCAPE}`, [containsPattern("50%", true)])
 */
export function containsPattern(text: string, lower = false): string {
  const literal = text.replace(/[\\%_]/g, (char) => `\\${char}`);
  return `%${lower ? literal.toLowerCase() : literal}%`;
}
