// Each handler's arguments are typed from its own tool schema (issue 37: handlers.ts cast 22
// arguments by hand). Checked by the compiler (pnpm typecheck covers test/) and at run time by
// the handler table's shape.
import { describe, expect, expectTypeOf, it } from "vitest";
import type { ToolArgumentsOf } from "../../src/tools/definitions";
import { TOOL_HANDLERS } from "../../src/tools/handlers";
import { TOOL_NAMES } from "../../src/tools/definitions";

describe("tool argument types", () => {
  it("come from each tool's schema: required, optional, enums, arrays and objects", () => {
    expectTypeOf<ToolArgumentsOf<"memory_search">>().toEqualTypeOf<{ query: string } & { type?: "decision" | "constraint" | "convention" | "domain" | "risk" | "metric" | "glossary"; limit?: number }>();
    expectTypeOf<ToolArgumentsOf<"blackboard_write">["data"]>().toEqualTypeOf<Record<string, unknown>>();
    expectTypeOf<ToolArgumentsOf<"memory_write">["tags"]>().toEqualTypeOf<string[] | undefined>();
    expectTypeOf<ToolArgumentsOf<"blackboard_read">["full"]>().toEqualTypeOf<boolean | undefined>();
    expectTypeOf<ToolArgumentsOf<"runbook_get">["slug"]>().toEqualTypeOf<string>();
    // @ts-expect-error a string is not memory_search's `limit`
    const wrong: ToolArgumentsOf<"memory_search"> = { query: "q", limit: "8" };
    expect(wrong.query).toBe("q");
    expect(Object.keys(TOOL_HANDLERS).sort()).toEqual([...TOOL_NAMES].sort());
  });
});
