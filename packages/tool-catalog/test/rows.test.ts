import { describe, expect, it } from "vitest";
import { refusal } from "./__fixtures__/refusal";
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, checkFields, fieldsInputSchema, pageRows, pageWindowOf, pagingInputSchema, pagingOf } from "../src/index";

const rows = Array.from({ length: 1200 }, (_, index) => ({ id: index, name: `row ${index}`, clicks: index * 2 }));

describe("pageRows", () => {
  it("returns 25 rows by default and the next offset", () => {
    const page = pageRows(rows, {});
    expect(page.rows).toHaveLength(DEFAULT_PAGE_SIZE);
    expect(page.paging).toEqual({ offset: 0, limit: 25, total: 1200, has_more: true, next_offset: 25 });
  });

  it("returns at most 500 and refuses more, naming the bound", () => {
    expect(pageRows(rows, { limit: MAX_PAGE_SIZE }).rows).toHaveLength(500);
    const error = refusal(() => pageRows(rows, { limit: 501 }));
    expect(error.code).toBe("INVALID_PAGING");
    expect(error.message).toBe("limit must be an integer from 1 to 500; got 501.");
    expect(refusal(() => pageRows(rows, { offset: -1 })).message).toContain("offset must be an integer from 0");
  });

  it("says there is no more on the last page", () => {
    expect(pageRows(rows, { offset: 1190 }).paging).toEqual({ offset: 1190, limit: 25, total: 1200, has_more: false, next_offset: null });
    expect(pageRows(rows, { offset: 5000 }).rows).toEqual([]);
  });

  it("projects fields in the order asked", () => {
    expect(pageRows(rows, { limit: 2, fields: ["clicks", "id"] }).rows).toEqual([{ clicks: 0, id: 0 }, { clicks: 2, id: 1 }]);
  });

  it("refuses unknown columns, naming the valid ones", () => {
    const error = refusal(() => pageRows(rows, { fields: ["id", "ctr", "impressions"] }));
    expect(error.code).toBe("UNKNOWN_FIELD");
    expect(error.message).toBe("fields: unknown columns ctr, impressions; valid columns: id, name, clicks.");
    expect(error.details).toEqual({ unknown: ["ctr", "impressions"], valid: ["id", "name", "clicks"] });
  });

  it("checks fields against declared columns even with no rows", () => {
    expect(refusal(() => pageRows([], { fields: ["ctr"] }, { columns: ["id", "clicks"] })).message).toBe("fields: unknown column ctr; valid columns: id, clicks.");
    expect(pageRows([], { fields: ["id"] }, { columns: ["id"] }).rows).toEqual([]);
  });

  it("offers schema fragments for list tools' inputSchema", () => {
    expect(pagingInputSchema.limit).toMatchObject({ type: "integer", minimum: 1, maximum: 500 });
    expect(pagingInputSchema.offset).toMatchObject({ type: "integer", minimum: 0 });
    expect(fieldsInputSchema.fields).toMatchObject({ type: "array", items: { type: "string" } });
  });
});

describe("paging pieces for SQL hosts", () => {
  it("bounds offset and limit before they reach a database (regression: offset 1e300 reached SQLite)", () => {
    expect(pageWindowOf({})).toEqual({ offset: 0, limit: DEFAULT_PAGE_SIZE });
    expect(refusal(() => pageWindowOf({ offset: 1e300 })).message).toBe("offset must be an integer from 0 to 9007199254740991; got 1e+300.");
    expect(refusal(() => pageWindowOf({ limit: 501 })).code).toBe("INVALID_PAGING");
  });

  it("checks fields against columns and builds the paging block", () => {
    expect(() => checkFields(["id"], ["id", "name"])).not.toThrow();
    expect(refusal(() => checkFields(["id", "nope"], ["id", "name"])).message).toBe("fields: unknown column nope; valid columns: id, name.");
    expect(pagingOf(25, 25, 25, 60)).toEqual({ offset: 25, limit: 25, total: 60, has_more: true, next_offset: 50 });
    expect(pagingOf(50, 25, 10, 60)).toEqual({ offset: 50, limit: 25, total: 60, has_more: false, next_offset: null });
  });
});
