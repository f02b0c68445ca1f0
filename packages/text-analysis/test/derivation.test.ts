import { describe, expect, it } from "vitest";
import { DerivationalFamilies, derivationalRoot } from "../src/index";

describe("derivationalRoot", () => {
  it("gives one root to the forms the Porter stemmer keeps apart", () => {
    for (const word of ["register", "registration", "registering", "registries"]) expect(derivationalRoot(word)).toBe("regist");
    for (const word of ["compare", "comparison", "comparisons", "compared"]) expect(derivationalRoot(word)).toBe("compar");
    for (const word of ["rent", "rental", "renting"]) expect(derivationalRoot(word)).toBe("rent");
    expect(derivationalRoot("shipping")).toBe("ship");
  });

  it("leaves short roots, short words and words with digits alone", () => {
    expect(derivationalRoot("payment")).toBe("payment");
    expect(derivationalRoot("news")).toBe("news");
    expect(derivationalRoot("add")).toBeUndefined();
    expect(derivationalRoot("k8s")).toBeUndefined();
  });
});

describe("DerivationalFamilies", () => {
  it("names the indexed stems of a word's family other than its own", () => {
    const families = new DerivationalFamilies(
      new Map([
        ["registration", "registr"],
        ["register", "regist"],
        ["domain", "domain"],
      ]),
    );
    expect(families.relatives("registering", "regist")).toEqual(["registr"]);
    expect(families.relatives("domains", "domain")).toEqual([]);
    expect(families.relatives("add", "add")).toEqual([]);
  });
});
