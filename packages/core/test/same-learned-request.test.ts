// sameLearnedRequest: the one rule for when two learned search requests of one tool are one, shared
// by tool-catalog (which learns them) and the hosts that keep them (client-manager's file).
import { describe, expect, it } from "vitest";
import { sameLearnedRequest } from "../src/index";

describe("sameLearnedRequest", () => {
  it("folds runs of spacing to one space, trims the ends and lowers the case", () => {
    expect(sameLearnedRequest("  Tot up\ttwo \n Numbers ")).toBe("tot up two numbers");
    expect(sameLearnedRequest("tot up two numbers")).toBe(sameLearnedRequest("TOT  UP TWO NUMBERS"));
  });

  it("keeps requests that differ in words or punctuation apart", () => {
    expect(sameLearnedRequest("tot up two numbers")).not.toBe(sameLearnedRequest("tot up two-numbers"));
    expect(sameLearnedRequest("add")).not.toBe(sameLearnedRequest("adds"));
  });
});
