// Translates the store's SQLite-dialect statements to PostgreSQL, so the tools keep one SQL text:
// `?` → `$n`, LIKE → ILIKE (SQLite's LIKE ignores ASCII case), strftime/julianday → date
// arithmetic, instr → strpos, scalar MAX/MIN → GREATEST/LEAST, ROUND on numeric, CAST AS INTEGER
// truncating (as SQLite does), GROUP_CONCAT → string_agg, aggregates of comparisons counted as
// integers; _postgres-clauses.ts handles aliases in HAVING/ORDER BY and unnamed subqueries.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";
import { fixQueryLevels } from "./_postgres-clauses";
import { closingParen, isBooleanExpression, skipLiteral, splitTopLevel } from "./_sql-scan";

const week = (day: string): string =>
  // SQLite's %W: week of the year 00-53, weeks start on Monday, days before the first Monday are 00.
  `(to_char(${day}, 'YYYY') || '-W' || lpad(floor((EXTRACT(DOY FROM ${day}) + 6 - ((EXTRACT(DOW FROM ${day})::int + 6) % 7)) / 7)::int::text, 2, '0'))`;

const strftimeFormats: Record<string, (day: string) => string> = {
  "'%Y-W%W'": week,
  "'%w'": (day) => `(EXTRACT(DOW FROM ${day})::int::text)`,
  "'%Y-%m'": (day) => `to_char(${day}, 'YYYY-MM')`,
  "'%Y-%m-%d'": (day) => `to_char(${day}, 'YYYY-MM-DD')`,
  "'%Y'": (day) => `to_char(${day}, 'YYYY')`,
  "'%H'": (day) => `to_char(${day}, 'HH24')`,
};

function unsupported(what: string): never {
  throw new WorkspaceStoreError(
    WorkspaceStoreErrorCode.STORE,
    `the postgres driver cannot translate ${what}; use a form listed in the workspace-store README.`,
  );
}

// SQLite's comparisons are integers, so SUM(x = 1) counts; PostgreSQL's are booleans.
const aggregateOf = (name: string, argument: string): string | undefined =>
  isBooleanExpression(argument) ? `${name.toUpperCase()}((${argument})::int)` : undefined;

function rewriteCall(name: string, args: string[]): string | undefined {
  const [first = "", second] = args;
  switch (name) {
    case "strftime": {
      const format = strftimeFormats[first];
      if (!format || second === undefined) return unsupported(`strftime(${first}, …)`);
      return format(`((${second})::timestamp)`);
    }
    case "julianday":
      return `(EXTRACT(EPOCH FROM (${first})::timestamptz) / 86400.0 + 2440587.5)`;
    case "instr":
      return `strpos(${args.join(", ")})`;
    case "max":
    case "min":
      if (args.length > 1) return `${name === "max" ? "GREATEST" : "LEAST"}(${args.join(", ")})`;
      return aggregateOf(name, first);
    case "sum":
    case "avg":
      return aggregateOf(name, first);
    case "round":
      return `ROUND((${first})::numeric${second === undefined ? "" : `, ${second}`})`;
    case "group_concat": {
      const distinct = /^DISTINCT\s+/i.exec(first);
      const value = distinct ? first.slice(distinct[0].length) : first;
      return `string_agg(${distinct ? "DISTINCT " : ""}(${value})::text, ${second ?? "','"})`;
    }
    case "cast": {
      const match = /^([\s\S]+)\s+AS\s+INTEGER$/i.exec(first);
      return match ? `TRUNC((${match[1]})::numeric)::bigint` : undefined;
    }
    default:
      return undefined;
  }
}

const rewritten = new Set([
  "strftime",
  "julianday",
  "instr",
  "max",
  "min",
  "sum",
  "avg",
  "round",
  "group_concat",
  "cast",
]);

/** Rewrites function calls and LIKE; leaves literals and everything else as written. */
function rewrite(sql: string): string {
  let out = "";
  let index = 0;
  while (index < sql.length) {
    const char = sql[index] as string;
    if (char === "'") {
      const end = skipLiteral(sql, index);
      out += sql.slice(index, end);
      index = end;
      continue;
    }
    const word = /^[A-Za-z_][A-Za-z0-9_]*/.exec(sql.slice(index));
    if (!word || (index > 0 && /[A-Za-z0-9_.]/.test(sql[index - 1] as string))) {
      out += char;
      index += 1;
      continue;
    }
    const name = word[0];
    const after = index + name.length;
    const open = /^\s*\(/.exec(sql.slice(after));
    if (open && rewritten.has(name.toLowerCase())) {
      const openAt = after + open[0].length - 1;
      const closeAt = closingParen(sql, openAt);
      if (closeAt < 0) unsupported(`unbalanced parentheses in: ${sql.slice(openAt, openAt + 60)}`);
      const args = splitTopLevel(rewrite(sql.slice(openAt + 1, closeAt)));
      const replacement = rewriteCall(name.toLowerCase(), args);
      out += replacement ?? `${name}(${args.join(", ")})`;
      index = closeAt + 1;
      continue;
    }
    out += name.toUpperCase() === "LIKE" ? "ILIKE" : name;
    index = after;
  }
  return out;
}

/** Replaces each `?` outside string literals with `$1`, `$2`, … */
function numberPlaceholders(sql: string): string {
  let out = "";
  let count = 0;
  for (let index = 0; index < sql.length; index++) {
    const char = sql[index] as string;
    if (char === "'") {
      const end = skipLiteral(sql, index);
      out += sql.slice(index, end);
      index = end - 1;
    } else out += char === "?" ? `$${(count += 1)}` : char;
  }
  return out;
}

/** One statement of the store's dialect as PostgreSQL runs it. */
export function toPostgres(sql: string): string {
  // Numbered first: a rewrite may repeat an argument (the week formula), and a repeated `$n` is
  // the same parameter where a repeated `?` would be a new one.
  return fixQueryLevels(rewrite(numberPlaceholders(sql)));
}
