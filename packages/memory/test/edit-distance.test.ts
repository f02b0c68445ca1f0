// boundedEditDistance: optimal string alignment (Damerau) distance with an early exit.
import { describe, expect, it } from "vitest";
import { boundedEditDistance } from "../src/search/edit-distance";

describe("boundedEditDistance", () => {
  it("counts insertions, deletions and substitutions as one edit each", () => {
    expect(boundedEditDistance("flyway", "flyway", 2)).toBe(0);
    expect(boundedEditDistance("flywy", "flyway", 2)).toBe(1);
    expect(boundedEditDistance("flywayy", "flyway", 2)).toBe(1);
    expect(boundedEditDistance("flyway", "flywai", 2)).toBe(1);
    expect(boundedEditDistance("kitten", "sitting", 3)).toBe(3);
  });

  it("counts an adjacent transposition as one edit, at any position", () => {
    expect(boundedEditDistance("flywya", "flyway", 1)).toBe(1);
    expect(boundedEditDistance("lfyway", "flyway", 1)).toBe(1);
    expect(boundedEditDistance("flyawy", "flyway", 1)).toBe(1);
    expect(boundedEditDistance("ab", "ba", 1)).toBe(1);
    expect(boundedEditDistance("lfywya", "flyway", 2)).toBe(2);
  });

  it("does not edit a substring twice (optimal string alignment)", () => {
    expect(boundedEditDistance("ca", "abc", 3)).toBe(3);
  });

  it("returns limit + 1 once the distance must exceed the limit", () => {
    expect(boundedEditDistance("flywya", "flywai", 1)).toBe(2);
    expect(boundedEditDistance("flyway", "liquibase", 2)).toBe(3);
    expect(boundedEditDistance("abcdef", "ghijkl", 2)).toBe(3);
    expect(boundedEditDistance("", "abc", 2)).toBe(3);
  });
});
