import { describe, expect, it } from "vitest";
import { acronymsOf, acronymToken } from "../src/index";

describe("acronymsOf", () => {
  it("takes the first letters of the content words, and of every word", () => {
    expect(acronymsOf("payment service provider")).toEqual(["psp"]);
    expect(acronymsOf("point of sale")).toEqual(["ps", "pos"]);
    expect(acronymsOf("warehouse management system")).toEqual(["wms"]);
    expect(acronymsOf("the product detail page")).toEqual(["pdp", "tpdp"]);
  });

  it("refuses single words and long phrases", () => {
    expect(acronymsOf("database")).toEqual([]);
    expect(acronymsOf("one two three four five six seven")).toEqual([]);
  });
});

describe("acronymToken", () => {
  it("recognises acronyms as written, plural or not", () => {
    expect(acronymToken("PSP")).toBe("psp");
    expect(acronymToken("PRs")).toBe("pr");
    expect(acronymToken("B2B")).toBe("b2b");
  });

  it("refuses ordinary words and single capitals", () => {
    expect(acronymToken("Payment")).toBeUndefined();
    expect(acronymToken("psp")).toBeUndefined();
    expect(acronymToken("A")).toBeUndefined();
    expect(acronymToken("TOOLONGWORD")).toBeUndefined();
  });
});
