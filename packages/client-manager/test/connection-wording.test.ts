// manager/results.ts: how a call lost with its connection is worded when no reconnect is pending.
// The race behind it (foya's serve test against a stopped HTTP server): the host's own probe saw
// the loss first and its reconnect already failed, so the call's error is only "Connection
// closed"; the session's last error (ECONNREFUSED) is the reason and must be named.
import { describe, expect, it } from "vitest";
import type { HostTool } from "../src/index";
import { failureResult } from "../src/manager/results";

const tool: HostTool = { hostName: "mcp__web__echo", server: "web", tool: "echo", description: "Echo", inputSchema: { type: "object" }, annotations: { readOnlyHint: true } };
const closed = Object.assign(new Error("MCP error -32000: Connection closed"), { code: -32000 });
const textOf = (result: { content: Array<{ type: string; [key: string]: unknown }> }) => String(result.content[0]?.text);

describe("a lost call with no reconnect pending", () => {
  it("names the session's last error when it is not the call's own", () => {
    const result = failureResult(tool, "connection", closed, 12, 30_000, { reason: "not_retried", lastError: "fetch failed (connect ECONNREFUSED 127.0.0.1:4321)" });
    expect(textOf(result)).toBe(
      'mcp__web__echo failed: the connection to server "web" was lost during the call (MCP error -32000: Connection closed); the server stays in error: fetch failed (connect ECONNREFUSED 127.0.0.1:4321)',
    );
  });

  it("says only the loss when the session knows nothing more", () => {
    expect(textOf(failureResult(tool, "connection", closed, 12, 30_000, { reason: "not_retried" }))).toBe(
      'mcp__web__echo failed: the connection to server "web" was lost during the call (MCP error -32000: Connection closed)',
    );
    expect(textOf(failureResult(tool, "connection", closed, 12, 30_000, { reason: "not_retried", lastError: "MCP error -32000: Connection closed" }))).toBe(
      'mcp__web__echo failed: the connection to server "web" was lost during the call (MCP error -32000: Connection closed)',
    );
  });
});
