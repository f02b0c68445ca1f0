// The SQL session rows' statement writer and their one configuration check (decision 0015). The
// statements themselves run against real SQLite and PostgreSQL in the gateway's conformance suite
// (apps/amicited-gateway/test/session-rows.test.ts), which owns the tables.
import { describe, expect, it } from "vitest";
import { SqlSessionStore, sqlFor, type SqlRunner } from "../src/index";

describe("sqlFor", () => {
  it("writes each interpolated value as a parameter, numbered for PostgreSQL and ? for SQLite", () => {
    const id = "s1";
    const since = 1000;
    expect(sqlFor("postgres")`SELECT id FROM mcp_sessions WHERE id = ${id} AND last_seen >= ${since}`).toEqual({
      sql: "SELECT id FROM mcp_sessions WHERE id = $1 AND last_seen >= $2",
      parameters: ["s1", 1000],
    });
    expect(sqlFor("sqlite")`SELECT id FROM mcp_sessions WHERE id = ${id} AND last_seen >= ${since}`).toEqual({
      sql: "SELECT id FROM mcp_sessions WHERE id = ? AND last_seen >= ?",
      parameters: ["s1", 1000],
    });
    expect(sqlFor("sqlite")`SELECT count(*) AS n FROM mcp_stream_events`).toEqual({ sql: "SELECT count(*) AS n FROM mcp_stream_events", parameters: [] });
  });
});

describe("SqlSessionStore", () => {
  it("refuses a token table name that is not a plain SQL identifier, naming it and the rule", () => {
    const unused = {} as SqlRunner;
    const limits = { maxSessions: 10, maxSessionsPerToken: 2, idleMs: 60_000 };
    expect(() => new SqlSessionStore(unused, limits, { table: "api_tokens; DROP TABLE x", id: "id", workspace: "workspace_id" })).toThrow(
      'SqlSessionStore: token table name "api_tokens; DROP TABLE x" must be a plain SQL identifier (letters, digits, _; at most 63).',
    );
    expect(() => new SqlSessionStore(unused, limits, { table: "api_tokens", id: "id", workspace: "workspace_id" })).not.toThrow();
  });
});
