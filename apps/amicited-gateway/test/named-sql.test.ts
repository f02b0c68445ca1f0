// Named SQL parameters in list tools: each `:name` becomes a positional `?` bound in order, a
// name the tool cannot fill is refused when the tool is defined, and casts or times inside string
// literals are left alone.
import { describe, expect, it } from "vitest";
import { namedSql } from "../src/tools/named-sql";

describe("namedSql", () => {
  it("binds every named parameter in the order it appears, repeats included", () => {
    const query = namedSql(
      "SELECT * FROM t WHERE domain_id = :domain_id AND day BETWEEN :since AND :until OR owner = :domain_id",
      ["domain_id", "since", "until"],
    );
    expect(query({ domain_id: 7, since: "2026-01-01", until: "2026-01-28" })).toEqual([
      "SELECT * FROM t WHERE domain_id = ? AND day BETWEEN ? AND ? OR owner = ?",
      [7, "2026-01-01", "2026-01-28", 7],
    ]);
  });

  it("binds NULL for an optional argument left out", () => {
    expect(namedSql("SELECT :engine", ["engine"])({})).toEqual(["SELECT ?", [null]]);
  });

  it("leaves PostgreSQL casts and colons inside literals alone", () => {
    const sql = "SELECT n::int, strftime('%H:%M', at), '12:30' FROM t WHERE id = :id";
    expect(namedSql(sql, ["id"])({ id: 1 })).toEqual([
      "SELECT n::int, strftime('%H:%M', at), '12:30' FROM t WHERE id = ?",
      [1],
    ]);
  });

  it("refuses a name it cannot fill when the tool is defined", () => {
    expect(() => namedSql("SELECT * FROM t WHERE id = :campaign", ["domain_id"])).toThrow(
      "SQL names :campaign, which is not one of domain_id: SELECT * FROM t WHERE id = :campaign",
    );
  });
});
