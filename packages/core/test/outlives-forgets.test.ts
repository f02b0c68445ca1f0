import { describe, expect, it } from "vitest";
import { outlivesForgets } from "../src/index";

const records = [
  { generation: 4, tool: "a" },
  { generation: 5, tool: "b" },
];
const naming = (tool: string) => (record: { tool: string }) => record.tool === tool;

describe("outlivesForgets", () => {
  it("outlives the forgets after its generation when every one is on record and none names it", () => {
    expect(outlivesForgets(3, 5, records, naming("c"))).toBe(true);
    expect(outlivesForgets(5, 5, records, naming("b"))).toBe(true);
  });

  it("does not when a newer forget names it", () => {
    expect(outlivesForgets(3, 5, records, naming("a"))).toBe(false);
    expect(outlivesForgets(4, 5, records, naming("b"))).toBe(false);
  });

  it("does not when a generation after its own is missing from the records, or the records were lost", () => {
    expect(outlivesForgets(2, 5, records, naming("c"))).toBe(false);
    expect(outlivesForgets(6, 5, records, naming("c"))).toBe(false);
  });
});
