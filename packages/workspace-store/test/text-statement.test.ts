// Text statements on the query layer: each `?` outside quotes becomes a Kysely parameter, so
// PostgreSQL's `$n` come from Kysely's compiler; nothing else in the text is rewritten (the
// run-time translator is gone, decision 0012), and each text is compiled once per dialect.
import { describe, expect, it } from "vitest";
import { textStatement, WorkspaceStoreError } from "../src/index";
import { compileText } from "../src/query/text";

describe("textStatement", () => {
  it("numbers PostgreSQL's placeholders in order, leaving quoted question marks alone", () => {
    expect(
      textStatement("postgres", `SELECT '?' AS q, "a?" AS r, 'it''s?' AS s, ? AS a FROM t WHERE x = ? AND y = ?`, [1, "b", null]),
    ).toEqual({
      sql: `SELECT '?' AS q, "a?" AS r, 'it''s?' AS s, $1 AS a FROM t WHERE x = $2 AND y = $3`,
      parameters: [1, "b", null],
    });
  });

  it("gives SQLite its text as written", () => {
    const text = "SELECT strftime('%w', day) AS weekday FROM t WHERE a LIKE ? AND b = ?";
    expect(textStatement("sqlite", text, ["x%", 2])).toEqual({ sql: text, parameters: ["x%", 2] });
  });

  it("rewrites nothing but the placeholders for PostgreSQL", () => {
    expect(
      textStatement(
        "postgres",
        "SELECT GROUP_CONCAT(name) AS names, MAX(a, b) AS m FROM (SELECT * FROM t) WHERE name LIKE ? HAVING m > 1",
        ["x%"],
      ).sql,
    ).toBe(
      "SELECT GROUP_CONCAT(name) AS names, MAX(a, b) AS m FROM (SELECT * FROM t) WHERE name LIKE $1 HAVING m > 1",
    );
  });

  it("compiles a text once per dialect and binds each call's values", () => {
    const text = "SELECT id FROM workspaces WHERE id = ?";
    expect(compileText("postgres", text)).toBe(compileText("postgres", text));
    expect(textStatement("postgres", text, ["w1"]).parameters).toEqual(["w1"]);
    expect(textStatement("postgres", text, ["w2"]).parameters).toEqual(["w2"]);
  });

  it("names the placeholder a call gave no value for", () => {
    const error = (() => {
      try {
        return textStatement("postgres", "SELECT ? AS a, ? AS b", [1]);
      } catch (caught) {
        return caught;
      }
    })();
    expect(WorkspaceStoreError.isInstance(error) && error.code).toBe("INVALID_ARGUMENT");
    expect((error as Error).message).toBe(
      'the statement needs a value for parameter "1"; pass it in the values (null for SQL NULL).',
    );
  });
});
