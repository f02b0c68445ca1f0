import { describe, expect, it } from "vitest";
import { BlackboardError, sanitizeSegment } from "../src/index";

function refusal(name: string, field: "wave" | "agent"): BlackboardError {
  try {
    sanitizeSegment(name, field);
  } catch (error) {
    if (BlackboardError.isInstance(error)) return error;
    throw error;
  }
  throw new Error("expected a BlackboardError");
}

describe("sanitizeSegment", () => {
  it.each([
    ["appsec-reviewer", "appsec-reviewer"],
    ["AppSec Reviewer", "AppSec-Reviewer"],
    ["v1.2_final", "v1.2_final"],
    ["../etc/passwd", "..-etc-passwd"],
    ["../", "..-"],
    ["/etc/passwd", "-etc-passwd"],
    ["C:\\Windows\\..\\x", "C--Windows-..-x"],
    ["..%2F..%2Fetc", "..-2F..-2Fetc"],
    ["%2e%2e", "-2e-2e"],
    ["...", "..."],
    [".hidden", ".hidden"],
    ["a\u0000b", "a-b"],
    ["line\nbreak", "line-break"],
    ["récap", "r-cap"],
    ["😀", "-"],
    ["日本語", "---"],
    ["e\u0301", "e-"],
  ])("%j becomes %j", (input, expected) => {
    expect(sanitizeSegment(input, "wave")).toBe(expected);
  });

  it("cuts to 80 characters, counting code points", () => {
    expect(sanitizeSegment("a".repeat(500), "agent")).toBe("a".repeat(80));
    expect(sanitizeSegment("😀".repeat(100), "agent")).toBe("-".repeat(80));
    expect(sanitizeSegment(`${"b".repeat(79)}😀tail`, "agent")).toBe(`${"b".repeat(79)}-`);
  });

  it.each([
    [
      "",
      "wave",
      'wave "" is empty after sanitizing, which cannot name a blackboard folder; use letters, digits, ".", "_" or "-", e.g. "audit".',
    ],
    [
      ".",
      "wave",
      'wave "." is "." after sanitizing, which cannot name a blackboard folder; use letters, digits, ".", "_" or "-", e.g. "audit".',
    ],
    [
      "..",
      "agent",
      'agent ".." is ".." after sanitizing, which cannot name a blackboard file; use letters, digits, ".", "_" or "-", e.g. "appsec-reviewer".',
    ],
  ] as const)("refuses %j", (input, field, message) => {
    const error = refusal(input, field);
    expect(error.code).toBe("INVALID_NAME");
    expect(error.message).toBe(message);
  });

  it("refuses a non-string name", () => {
    const error = refusal(42 as unknown as string, "agent");
    expect(error.message).toBe("agent must be a string, got number.");
  });
});
