import { CallToolRequestSchema, ErrorCode, McpError, ReadResourceRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { describe, expect, it } from "vitest";
import { checkedRequest, describeIssues, protocolError } from "../src/index";

describe("checkedRequest", () => {
  const schema = checkedRequest("tools/call", CallToolRequestSchema);

  it("passes a valid request through with the SDK's parsed params", () => {
    const parsed = schema.parse({ method: "tools/call", params: { name: "echo", arguments: { text: "hi" } } });
    expect(parsed.params).toMatchObject({ name: "echo", arguments: { text: "hi" } });
  });

  it("turns bad params into -32602 with the path and the problem, not a zod dump", () => {
    let thrown: unknown;
    try {
      schema.parse({ method: "tools/call", params: { name: "echo", arguments: "not an object" } });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(McpError);
    expect((thrown as McpError).code).toBe(ErrorCode.InvalidParams);
    expect((thrown as McpError).message).toMatch(/^Invalid tools\/call request: params\.arguments: /);
  });

  it("carries the method literal the SDK dispatches on", () => {
    expect(schema.shape.method.value).toBe("tools/call");
  });

  it("builds one schema per SDK schema and method, shared by every Server built per request", () => {
    expect(checkedRequest("tools/call", CallToolRequestSchema)).toBe(schema);
    const other = checkedRequest("resources/read", ReadResourceRequestSchema);
    expect(other).not.toBe(schema);
    expect(other.shape.method.value).toBe("resources/read");
  });
});

describe("describeIssues and protocolError", () => {
  it("joins issues as path: message", () => {
    expect(describeIssues([{ path: ["params", "name"], message: "Required" }, { path: [], message: "Bad" }])).toBe("params.name: Required; Bad");
  });

  it("keeps the wire message exactly as given", () => {
    const error = protocolError(ErrorCode.InvalidParams, "Unknown resource: foundry://x");
    expect(error.message).toBe("Unknown resource: foundry://x");
    expect(error.code).toBe(-32602);
  });
});
