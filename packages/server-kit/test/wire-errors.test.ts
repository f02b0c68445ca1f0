// wire-errors.ts: exact protocol sentences (no SDK prefix, ever), their data, and the one isError shape.
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";
import { CodedError } from "@foundry-mcp/core";
import { describe, expect, it } from "vitest";
import { toolErrorResult, toWireError, unknownPrompt, unknownResource, unknownTool } from "../src/index";

class ShelfError extends CodedError<"FULL"> {
  static override readonly brand: symbol = Symbol.for("test.ShelfError");
  override readonly name = "ShelfError";
}

describe("protocol errors", () => {
  it("say unknown resources, tools and prompts in one sentence shape, -32602, with data", () => {
    const resource = unknownResource("foundry://nope");
    expect([resource.code, resource.message, resource.data]).toEqual([ErrorCode.InvalidParams, "Unknown resource: foundry://nope", { uri: "foundry://nope" }]);
    expect(unknownResource("x://y", "Resources: a://b.").message).toBe("Unknown resource: x://y. Resources: a://b.");
    const tool = unknownTool("nope", "Tools: a, b.");
    expect([tool.code, tool.message, tool.data]).toEqual([ErrorCode.InvalidParams, "Unknown tool: nope. Tools: a, b.", { name: "nope" }]);
    expect(unknownPrompt("p", "Prompts look like <server>__<name>.").message).toBe("Unknown prompt: p. Prompts look like <server>__<name>.");
  });

  it("strips every SDK prefix from a caught McpError, keeping code and data", () => {
    // What a relayed upstream error looks like after two SDK hops.
    const relayed = new McpError(-32002, "MCP error -32002: Resource not found", { uri: "demo://x" });
    expect(relayed.message).toBe("MCP error -32002: MCP error -32002: Resource not found");
    const wire = toWireError(relayed);
    expect([wire.code, wire.message, wire.data]).toEqual([-32002, "Resource not found", { uri: "demo://x" }]);
  });

  it("turns any other error into -32603 with its message, and a CodedError's code in data", () => {
    const coded = toWireError(new ShelfError("FULL", "the shelf is full"));
    expect([coded.code, coded.message, coded.data]).toEqual([ErrorCode.InternalError, "the shelf is full", { code: "FULL" }]);
    expect(toWireError("plain").message).toBe("plain");
  });
});

describe("toolErrorResult", () => {
  it("is one text block with isError: the tool's failure, a coded refusal, a written sentence, anything else", () => {
    expect(toolErrorResult(new Error("`title` is 81 characters; the limit is 80."), { tool: "memory_write" })).toEqual({
      content: [{ type: "text", text: "memory_write failed: `title` is 81 characters; the limit is 80." }],
      isError: true,
    });
    expect(toolErrorResult("no such domain")).toEqual({ content: [{ type: "text", text: "no such domain" }], isError: true });
    const text = (error: unknown, tool?: string) => (toolErrorResult(error, tool === undefined ? {} : { tool }).content[0] as { text: string }).text;
    expect(text(new ShelfError("FULL", "the shelf holds 20 books; take one off first."))).toBe("FULL: the shelf holds 20 books; take one off first.");
    expect(text(new ShelfError("FULL", "full"), "shelf_add")).toBe("shelf_add failed: full");
    expect(text(new TypeError("x is not a function"))).toBe("INTERNAL: x is not a function");
    expect(text("denied by policy", "mcp__a__b")).toBe("mcp__a__b failed: denied by policy");
    expect(text(new Error("fetch failed", { cause: new Error("connect ECONNREFUSED") }), "mcp__a__b")).toBe("mcp__a__b failed: fetch failed (connect ECONNREFUSED)");
  });
});
