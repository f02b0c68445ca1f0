// Small scanning helpers for the PostgreSQL dialect translation: walk SQL text at one nesting
// level (parentheses and CASE … END), skipping string literals.

/** Index just past the string literal starting at `start` ('' escapes a quote). */
export function skipLiteral(sql: string, start: number): number {
  let index = start + 1;
  while (index < sql.length) {
    if (sql[index] === "'") {
      if (sql[index + 1] === "'") index += 2;
      else return index + 1;
    } else index += 1;
  }
  return index;
}

const wordAt = (sql: string, index: number): string | undefined => {
  if (index > 0 && /[A-Za-z0-9_.$]/.test(sql[index - 1] as string)) return undefined;
  return /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index))?.[0];
};

/**
 * Calls `visit(index, word)` for every position at depth 0 of `sql` (outside parentheses,
 * CASE … END and literals); `word` is the identifier or keyword starting there, if any.
 * `visit` returning true stops the walk.
 */
export function walkTopLevel(
  sql: string,
  visit: (index: number, word: string | undefined) => boolean | void,
): void {
  let depth = 0;
  for (let index = 0; index < sql.length; index++) {
    const char = sql[index] as string;
    if (char === "'") {
      const end = skipLiteral(sql, index);
      if (depth === 0 && visit(index, undefined)) return;
      index = end - 1;
      continue;
    }
    if (char === "(") {
      depth += 1;
      continue;
    }
    if (char === ")") {
      depth -= 1;
      continue;
    }
    const word = wordAt(sql, index);
    if (word && /^case$/i.test(word)) depth += 1;
    else if (word && /^end$/i.test(word)) depth -= 1;
    else if (depth === 0 && visit(index, word)) return;
    if (word) index += word.length - 1;
  }
}

/** Index of the first top-level occurrence of keyword `name` at or after `from`, or -1. */
export function topLevelKeyword(sql: string, name: string, from = 0): number {
  let found = -1;
  walkTopLevel(sql, (index, word) => {
    if (index >= from && word !== undefined && word.toUpperCase() === name) {
      found = index;
      return true;
    }
    return false;
  });
  return found;
}

/** True when `expression` holds a comparison or logical operator at its top level (a boolean). */
export function isBooleanExpression(expression: string): boolean {
  let boolean = false;
  walkTopLevel(expression, (index, word) => {
    const char = expression[index];
    if (word !== undefined) boolean = /^(IS|LIKE|ILIKE|IN|BETWEEN|AND|OR|NOT|EXISTS)$/i.test(word);
    else
      boolean =
        char === "=" ||
        char === "<" ||
        char === ">" ||
        (char === "!" && expression[index + 1] === "=");
    return boolean;
  });
  return boolean;
}

/** Splits `text` on top-level commas. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let start = 0;
  walkTopLevel(text, (index) => {
    if (text[index] === ",") {
      parts.push(text.slice(start, index).trim());
      start = index + 1;
    }
  });
  parts.push(text.slice(start).trim());
  return parts;
}

/** Index of the `)` that closes the `(` at `open`, or -1 when it is never closed. */
export function closingParen(sql: string, open: number): number {
  let depth = 0;
  for (let index = open; index < sql.length; index++) {
    const char = sql[index];
    if (char === "'") index = skipLiteral(sql, index) - 1;
    else if (char === "(") depth += 1;
    else if (char === ")" && --depth === 0) return index;
  }
  return -1;
}
