import { describe, expect, it } from "vitest";
import { formatTokenCount, formatTokens } from "../src/index";

describe("formatTokens", () => {
  it("prints the SPEC form with a tilde and no thousands separator", () => {
    expect(formatTokens(1980)).toBe("~1980 tokens");
    expect(formatTokens(34500)).toBe("~34500 tokens");
  });

  it("rounds fractional estimates", () => {
    expect(formatTokens(710.6)).toBe("~711 tokens");
    expect(formatTokenCount(0.4)).toBe("~0");
  });
});
