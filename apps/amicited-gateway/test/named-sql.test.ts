// Named SQL parameters in list tools: each `:name` becomes a positional `?` bound in order, a
// name the tool cannot fill is refused when the tool is defined, casts or times inside string
// literals are left alone, and an optional filter in brackets stays only when its values are given.
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

  describe("optional filters", () => {
    const list = namedSql(
      "SELECT * FROM t WHERE domain_id = :domain_id[ AND status = :status][ AND active = :active] ORDER BY id",
      ["domain_id", "status", "active"],
    );

    it("drops a part whose argument is left out, binding nothing for it", () => {
      expect(list({ domain_id: 2 })).toEqual([
        "SELECT * FROM t WHERE domain_id = ? ORDER BY id",
        [2],
      ]);
      expect(list({ domain_id: 2, status: null })).toEqual([
        "SELECT * FROM t WHERE domain_id = ? ORDER BY id",
        [2],
      ]);
    });

    it("keeps a given part with its value bound, never written into the text", () => {
      expect(list({ domain_id: 2, status: "x' OR 1=1 --" })).toEqual([
        "SELECT * FROM t WHERE domain_id = ? AND status = ? ORDER BY id",
        [2, "x' OR 1=1 --"],
      ]);
    });

    it("keeps a part for false and binds flags as 0/1 (SQLite binds no booleans)", () => {
      expect(list({ domain_id: 2, active: false })).toEqual([
        "SELECT * FROM t WHERE domain_id = ? AND active = ? ORDER BY id",
        [2, 0],
      ]);
      expect(list({ domain_id: 2, status: "paid", active: true })[1]).toEqual([2, "paid", 1]);
    });

    it("keeps a part naming two values only when both are given", () => {
      const range = namedSql("SELECT 1[ AND x BETWEEN :low AND :high]", ["low", "high"]);
      expect(range({ low: 1 })).toEqual(["SELECT 1", []]);
      expect(range({ low: 1, high: 3 })).toEqual(["SELECT 1 AND x BETWEEN ? AND ?", [1, 3]]);
    });

    it("refuses a part that names nothing and an unmatched bracket when the tool is defined", () => {
      expect(() => namedSql("SELECT 1[ AND fixed = 0]", [])).toThrow(
        "SQL has an optional part [ AND fixed = 0] that names no parameter: SELECT 1[ AND fixed = 0]",
      );
      expect(() => namedSql("SELECT 1[ AND x = :x", ["x"])).toThrow(
        "SQL has an unmatched or nested bracket: SELECT 1[ AND x = :x",
      );
    });
  });

  describe("written per dialect", () => {
    it("writes a dialect's spelling with its helpers, once per dialect, the parameters still `?`", () => {
      const written: string[] = [];
      const weekly = namedSql(
        (d) => {
          written.push(d.dialect);
          return `SELECT ${d.week("day")} AS week FROM t WHERE id = :id[ AND kind = :kind] GROUP BY week`;
        },
        ["id", "kind"],
      );
      expect(weekly({ id: 2 }, "sqlite")).toEqual([
        "SELECT strftime('%Y-W%W', day) AS week FROM t WHERE id = ? GROUP BY week",
        [2],
      ]);
      expect(weekly({ id: 3, kind: "a" }, "postgres")).toEqual([
        "SELECT (to_char(((day)::timestamp), 'YYYY') || '-W' || lpad(floor((EXTRACT(DOY FROM ((day)::timestamp)) + 6 - ((EXTRACT(DOW FROM ((day)::timestamp))::int + 6) % 7)) / 7)::int::text, 2, '0')) AS week FROM t WHERE id = ? AND kind = ? GROUP BY week",
        [3, "a"],
      ]);
      weekly({ id: 4 }, "postgres");
      expect(written).toEqual(["sqlite", "postgres"]);
    });

    it("refuses a name it cannot fill when the tool is defined, not on its first PostgreSQL call", () => {
      expect(() => namedSql((d) => `SELECT ${d.weekday("day")} FROM t WHERE id = :campaign`, ["domain_id"])).toThrow(
        "SQL names :campaign, which is not one of domain_id: SELECT strftime('%w', day) FROM t WHERE id = :campaign",
      );
    });
  });
});
