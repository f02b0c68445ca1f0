// A migration runs in one transaction while instances of the version before still serve. A
// foreign key locks the table it references until that transaction commits (on PostgreSQL, SHARE
// ROW EXCLUSIVE on `workspaces`: credit charges and new workspaces wait), so a step with a fill
// makes its foreign keys after the fill (`statementsAfterFill`), not before it. Session 36's review
// measured migration 10 with its counts table first: a credit charge waited 1.3 s of a 1.4 s
// migration at 100,000 rows; made after the key fill, 47 ms.
import { describe, expect, it } from "vitest";
import { MIGRATIONS } from "../src/index";
import { compileSchemaStatement } from "../src/query/ddl";

describe("the store's migrations", () => {
  it("make no foreign key before a fill, where it would lock the table it references for the whole fill", () => {
    const beforeFills = MIGRATIONS.filter((migration) => migration.fill !== undefined).flatMap((migration) =>
      migration.statements.map((statement) => ({ version: migration.version, sql: compileSchemaStatement(statement, "postgres").sql })),
    );
    expect(beforeFills.length).toBeGreaterThan(0);
    expect(beforeFills.filter(({ sql }) => /\breferences\b/i.test(sql))).toEqual([]);
    // Migration 10's counts table, whose foreign key names workspaces, comes after its key fill.
    const afterFill = (MIGRATIONS.find((migration) => migration.version === 10)?.statementsAfterFill ?? []).map((statement) => compileSchemaStatement(statement, "postgres").sql);
    expect(afterFill.some((sql) => /create table (if not exists )?"learned_choices_daily".*references "workspaces"/i.test(sql))).toBe(true);
  });
});
