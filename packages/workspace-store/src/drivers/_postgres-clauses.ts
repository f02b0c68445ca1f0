// Query-level fixes for PostgreSQL, applied to each SELECT at every nesting level: SQLite lets
// HAVING and ORDER BY expressions name the SELECT list's aliases (PostgreSQL only bare ORDER BY
// names), so alias references there become the aliased expression; and a subquery in FROM or
// JOIN without a name gets one (PostgreSQL 15 requires it).
import { closingParen, skipLiteral, splitTopLevel, topLevelKeyword } from "./_sql-scan";

const FOLLOWS_UNNAMED =
  /^(WHERE|GROUP|ORDER|LIMIT|OFFSET|JOIN|LEFT|RIGHT|INNER|CROSS|FULL|UNION|ON|HAVING|WINDOW)$/i;
const AGGREGATES = /^(SUM|AVG|COUNT|MIN|MAX|TOTAL|GROUP_CONCAT|STRING_AGG)$/i;
let derived = 0;

/** The SELECT list's `expression AS alias` pairs of one query level. */
function aliasesOf(level: string): Map<string, string> {
  const aliases = new Map<string, string>();
  const select = topLevelKeyword(level, "SELECT");
  const from = topLevelKeyword(level, "FROM");
  if (select !== 0 || from < 0 || topLevelKeyword(level, "UNION") >= 0) return aliases;
  for (const item of splitTopLevel(level.slice(select + "SELECT".length, from))) {
    const match = /^([\s\S]+?)\s+AS\s+([A-Za-z_][A-Za-z0-9_]*)$/i.exec(
      item.replace(/^DISTINCT\s+/i, ""),
    );
    if (match && match[1] !== match[2])
      aliases.set((match[2] as string).toLowerCase(), match[1] as string);
  }
  return aliases;
}

/** Replaces alias names in `clause` (not qualified names, not function names) with their expressions. */
function substitute(clause: string, aliases: Map<string, string>): string {
  let out = "";
  for (let index = 0; index < clause.length; index++) {
    const char = clause[index] as string;
    if (char === "'") {
      const end = skipLiteral(clause, index);
      out += clause.slice(index, end);
      index = end - 1;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(clause.slice(index))?.[0];
    if (!word || (index > 0 && /[A-Za-z0-9_.$]/.test(clause[index - 1] as string))) {
      out += char;
      continue;
    }
    const next = clause.slice(index + word.length);
    // Inside an aggregate's argument a name is the table's column (as in SQLite), never an alias.
    if (AGGREGATES.test(word) && /^\s*\(/.test(next)) {
      const close = closingParen(
        clause,
        index + word.length + (next.length - next.trimStart().length),
      );
      if (close > 0) {
        out += clause.slice(index, close + 1);
        index = close;
        continue;
      }
    }
    const expression = aliases.get(word.toLowerCase());
    out += expression !== undefined && !/^\s*[(.]/.test(next) ? `(${expression})` : word;
    index += word.length - 1;
  }
  return out;
}

function clauseEnd(level: string, from: number, enders: readonly string[]): number {
  const ends = enders
    .map((name) => topLevelKeyword(level, name, from))
    .filter((index) => index >= 0);
  return ends.length > 0 ? Math.min(...ends) : level.length;
}

function fixLevel(level: string): string {
  const aliases = aliasesOf(level.trimStart());
  if (aliases.size === 0) return level;
  const offset = level.length - level.trimStart().length;
  let text = level.trimStart();
  for (const [keyword, enders] of [
    ["ORDER", ["LIMIT", "OFFSET"]],
    ["HAVING", ["ORDER", "LIMIT", "OFFSET"]],
  ] as const) {
    const start = topLevelKeyword(text, keyword);
    if (start < 0) continue;
    const end = clauseEnd(text, start, enders);
    text = text.slice(0, start) + substitute(text.slice(start, end), aliases) + text.slice(end);
  }
  return level.slice(0, offset) + text;
}

/** Applies the query-level fixes to `sql` and every parenthesized query inside it. */
export function fixQueryLevels(sql: string): string {
  let out = "";
  let cursor = 0;
  const groups: { open: number; close: number }[] = [];
  for (let index = 0; index < sql.length; index++) {
    const char = sql[index];
    if (char === "'") index = skipLiteral(sql, index) - 1;
    else if (char === "(") {
      const close = closingParen(sql, index);
      if (close < 0) break;
      groups.push({ open: index, close });
      index = close;
    }
  }
  for (const { open, close } of groups) {
    out += sql.slice(cursor, open + 1) + fixQueryLevels(sql.slice(open + 1, close)) + ")";
    cursor = close + 1;
    const before = /([A-Za-z_]+)\s*$/.exec(sql.slice(0, open))?.[1] ?? "";
    const inner = sql.slice(open + 1, close).trimStart();
    if (/^(FROM|JOIN)$/i.test(before) && /^(SELECT|WITH)\b/i.test(inner)) {
      const after = /^\s*([A-Za-z_][A-Za-z0-9_]*|\S)?/.exec(sql.slice(close + 1))?.[1];
      if (after === undefined || after === ")" || after === "," || FOLLOWS_UNNAMED.test(after))
        out += ` AS derived_${(derived = (derived % 1_000_000) + 1)}`;
    }
  }
  return fixLevel(out + sql.slice(cursor));
}
