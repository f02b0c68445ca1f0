// editDistance: optimal string alignment (Damerau) distance with an early exit, and the typo allowance.
import { describe, expect, it } from "vitest";
import { editDistance, typoAllowance } from "../src/index";

describe("editDistance", () => {
  it("counts insertions, deletions and substitutions as one edit each", () => {
    expect(editDistance("flyway", "flyway", 2)).toBe(0);
    expect(editDistance("flywy", "flyway", 2)).toBe(1);
    expect(editDistance("flywayy", "flyway", 2)).toBe(1);
    expect(editDistance("flyway", "flywai", 2)).toBe(1);
    expect(editDistance("kitten", "sitting", 3)).toBe(3);
  });

  it("counts an adjacent transposition as one edit, at any position", () => {
    expect(editDistance("flywya", "flyway", 1)).toBe(1);
    expect(editDistance("lfyway", "flyway", 1)).toBe(1);
    expect(editDistance("flyawy", "flyway", 1)).toBe(1);
    expect(editDistance("ab", "ba", 1)).toBe(1);
    expect(editDistance("lfywya", "flyway", 2)).toBe(2);
  });

  it("does not edit a substring twice (optimal string alignment)", () => {
    expect(editDistance("ca", "abc", 3)).toBe(3);
  });

  it("returns limit + 1 once the distance must exceed the limit", () => {
    expect(editDistance("flywya", "flywai", 1)).toBe(2);
    expect(editDistance("flyway", "liquibase", 2)).toBe(3);
    expect(editDistance("abcdef", "ghijkl", 2)).toBe(3);
    expect(editDistance("", "abc", 2)).toBe(3);
  });

  it("counts without a limit when none is given", () => {
    expect(editDistance("monitor", "moniter")).toBe(1);
    expect(editDistance("abandonned", "abandoned")).toBe(1);
    expect(editDistance("form", "from")).toBe(1);
    expect(editDistance("alpha", "omega", 1)).toBe(2);
    expect(editDistance("kitten", "sitting")).toBe(3);
    expect(editDistance("", "abc")).toBe(3);
  });

  // The rows are kept between calls: a longer word after shorter ones, and short ones after it,
  // count as they do alone.
  it("gives the same distances whatever was compared before, longer or shorter", () => {
    const long = "internationalisation-".repeat(5);
    const pairs: [string, string, number][] = [["flywya", "flyway", 1], [long, `${long}x`, 1], [`x${long}`, long, 1], ["ab", "ba", 1], [long.replace("na", "an"), long, 1], ["kitten", "sitting", 3], ["ca", "abc", 3]];
    const alone = pairs.map(([a, b]) => editDistance(a, b));
    expect(alone).toEqual(pairs.map(([, , distance]) => distance));
    expect([...pairs].reverse().map(([a, b]) => editDistance(a, b))).toEqual([...alone].reverse());
  });
});

describe("typoAllowance", () => {
  it("allows no edit under 4 letters, 1 from 4 and 2 from 8", () => {
    expect([3, 4, 7, 8, 12].map(typoAllowance)).toEqual([0, 1, 1, 2, 2]);
  });
});
