import { describe, expect, it } from "vitest";
import { kindFromAnnotations, MCP_ANNOTATION_DEFAULTS } from "../src/index";

describe("kindFromAnnotations", () => {
  it.each([
    [undefined, "destructive"],
    [{}, "destructive"],
    [{ readOnlyHint: true }, "read"],
    [{ readOnlyHint: true, destructiveHint: true }, "read"],
    [{ readOnlyHint: false }, "destructive"],
    [{ destructiveHint: false }, "write"],
    [{ readOnlyHint: false, destructiveHint: false }, "write"],
    [{ readOnlyHint: false, destructiveHint: true }, "destructive"],
  ] as const)("%j → %s", (hints, kind) => {
    expect(kindFromAnnotations(hints)).toBe(kind);
  });

  it("states MCP's defaults", () => {
    expect(MCP_ANNOTATION_DEFAULTS).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: true });
  });
});
