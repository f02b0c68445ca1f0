// Text statements with `?` placeholders, compiled by the dialect's Kysely (the `sql` template with
// parameters) once per text: each `?` becomes a Kysely parameter, so PostgreSQL's `$1, $2, …` come
// from Kysely's compiler. Nothing else in the text is rewritten: a statement whose spelling
// differs between the databases says so itself (dialect-sql.ts's helpers), chosen per dialect.
import { sql, type RawBuilder } from "kysely";
import type { CompiledStatement, SqlValue, WorkspaceStoreDriverName } from "../types";
import { queryBuilderFor } from "./builder";
import { bindValues, ParameterSlot } from "./statement";

/** Index just past the quoted literal or identifier starting at `start` (a doubled quote escapes). */
function skipQuoted(text: string, start: number): number {
  const quote = text[start];
  let index = start + 1;
  while (index < text.length) {
    if (text[index] !== quote) index += 1;
    else if (text[index + 1] === quote) index += 2;
    else return index + 1;
  }
  return index;
}

/** `text` as a Kysely raw query: the pieces between `?`s as written, each `?` the next slot. */
function rawOf(text: string): RawBuilder<unknown> {
  const pieces: RawBuilder<unknown>[] = [];
  let start = 0;
  let slot = 0;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (char === "'" || char === '"') index = skipQuoted(text, index) - 1;
    else if (char === "?") {
      pieces.push(sql.raw(text.slice(start, index)), sql`${new ParameterSlot(String(slot++))}`);
      start = index + 1;
    }
  }
  pieces.push(sql.raw(text.slice(start)));
  return sql.join(pieces, sql.raw(""));
}

// Statement texts come from code, so each dialect sees a few hundred; the bound only guards a mistake.
const MAX_CACHED_TEXTS = 5000;
const compiledTexts: Record<WorkspaceStoreDriverName, Map<string, CompiledStatement>> = {
  sqlite: new Map(),
  postgres: new Map(),
};

/** `text` compiled for `dialect` with parameter slots "0", "1", … (cached: compiled once per text). */
export function compileText(dialect: WorkspaceStoreDriverName, text: string): CompiledStatement {
  const cache = compiledTexts[dialect];
  let compiled = cache.get(text);
  if (!compiled) {
    const { sql: compiledSql, parameters } = rawOf(text).compile(queryBuilderFor(dialect));
    compiled = { sql: compiledSql, parameters };
    if (cache.size >= MAX_CACHED_TEXTS) cache.clear();
    cache.set(text, compiled);
  }
  return compiled;
}

/**
 * A text statement (`?` placeholders) and its values as the dialect runs it.
 * @example textStatement("postgres", "SELECT name FROM workspaces WHERE id = ?", ["w1"]) // { sql: "SELECT name FROM workspaces WHERE id = $1", parameters: ["w1"] }
 */
export function textStatement(
  dialect: WorkspaceStoreDriverName,
  text: string,
  params: readonly SqlValue[],
): CompiledStatement {
  // An array is a record of its positions, the slots' names.
  return bindValues(compileText(dialect, text), params as unknown as Record<string, SqlValue>);
}
