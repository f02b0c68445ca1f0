import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { detectTextKind, estimateTokens } from "../src/index";

describe("estimateTokens", () => {
  it("is zero for empty text and at least one for any other text", () => {
    expect(estimateTokens("")).toBe(0);
    expect(estimateTokens(" ")).toBe(1);
    expect(estimateTokens("a")).toBe(1);
  });

  it("counts common short words as one token each", () => {
    // o200k_base: "The cat sat on the mat." is 7 tokens.
    expect(estimateTokens("The cat sat on the mat.")).toBe(7);
  });

  it("splits numbers into groups of three digits", () => {
    // "1234567" is three pieces: 123, 456, 7.
    expect(estimateTokens("1234567")).toBe(3);
  });

  it("breaks camelCase identifiers at capitals", () => {
    expect(estimateTokens("getUserName")).toBe(3);
  });

  it("costs CJK text per character, not per run", () => {
    const chinese = "工具注册表统一管理所有服务器的工具";
    expect(estimateTokens(chinese)).toBeGreaterThan(8);
    expect(estimateTokens(chinese)).toBeLessThan(chinese.length + 1);
  });

  it("grows linearly with repeated text", () => {
    const sentence = "Persistence layer uses Flyway, not Liquibase.";
    const hundred = Array.from({ length: 100 }, () => sentence).join(" ");
    const actual = encode(hundred).length;
    // A single sentence is a small sample: the calibration suite holds the ±10 % bound on real texts.
    expect(Math.abs(estimateTokens(hundred) - actual) / actual).toBeLessThanOrEqual(0.15);
    expect(estimateTokens(hundred)).toBeGreaterThan(90 * estimateTokens(sentence) - 100);
  });
});

describe("detectTextKind", () => {
  it("tells JSON, code, markdown and prose apart", () => {
    expect(detectTextKind('{"a": [1, 2]}')).toBe("json");
    expect(detectTextKind("{ not json")).not.toBe("json");
    expect(detectTextKind("const a = 1;\nfunction f() {\n  return a;\n}")).toBe("code");
    expect(detectTextKind("# Title\n\n- one\n- two")).toBe("markdown");
    expect(detectTextKind("Plain sentences about the weather. Nothing else here.")).toBe("prose");
  });
});
