// The era decision per message: 2025 handshake passes through, 2026-07-28 requests are checked,
// server/discover is answered here, modern results get resultType and cache hints.
import { describe, expect, it } from "vitest";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import { EraRouter, checkRoutingHeaders, modernHttpStatus, type ServerIdentity } from "../src/index";

const identity: ServerIdentity = {
  serverInfo: { name: "t", version: "1" },
  capabilities: { tools: {} },
  instructions: "hi",
  cacheHints: { "tools/list": { ttlMs: 5000, cacheScope: "public" } },
};
const ENVELOPE = { "io.modelcontextprotocol/protocolVersion": "2026-07-28", "io.modelcontextprotocol/clientCapabilities": {} };
const request = (id: number, method: string, params?: unknown) => ({ jsonrpc: "2.0", id, method, ...(params === undefined ? {} : { params }) }) as JSONRPCMessage;

describe("EraRouter", () => {
  it("delivers initialize and claim-less requests of a 2025 connection unchanged", () => {
    const router = new EraRouter(identity);
    expect(router.inbound(request(1, "initialize", { protocolVersion: "2025-11-25" }))).toMatchObject({ kind: "deliver", era: "legacy" });
    expect(router.inbound(request(2, "tools/list", {}))).toMatchObject({ kind: "deliver", era: "legacy" });
    const answer = { jsonrpc: "2.0", id: 2, result: { tools: [] } } as JSONRPCMessage;
    expect(router.outbound(answer)).toBe(answer);
    expect(router.era).toBe("legacy");
  });

  it("answers server/discover itself and pins the connection modern", () => {
    const router = new EraRouter(identity);
    const decision = router.inbound(request(1, "server/discover", { _meta: ENVELOPE }));
    expect(decision).toMatchObject({
      kind: "reply",
      message: { id: 1, result: { supportedVersions: ["2026-07-28"], capabilities: { tools: {} }, instructions: "hi", resultType: "complete", ttlMs: 0, cacheScope: "private", _meta: { "io.modelcontextprotocol/serverInfo": { name: "t", version: "1" } } } },
    });
    expect(router.era).toBe("modern");
    // Once modern, a request without the envelope is the revision's -32602.
    expect(router.inbound(request(2, "tools/list"))).toMatchObject({ kind: "reply", message: { error: { code: -32602, data: { envelope: { key: "_meta", problem: "is missing" } } } } });
  });

  // Regression (conformance server-stateless, sep-2575 subscription checks): discover advertised
  // resources.subscribe and listChanged, which promise a subscriptions/listen stream the stateless
  // edge answers with -32601.
  it("does not advertise push flags over server/discover", () => {
    const router = new EraRouter({ ...identity, capabilities: { tools: { listChanged: true }, resources: { subscribe: true, listChanged: true }, prompts: { listChanged: false }, logging: {} } });
    const decision = router.inbound(request(1, "server/discover", { _meta: ENVELOPE }));
    expect(decision.kind === "reply" && (decision.message as unknown as { result: { capabilities: unknown } }).result.capabilities).toEqual({ tools: {}, resources: {}, prompts: { listChanged: false }, logging: {} });
  });

  it("gives modern results resultType, the method's cache hint and serverInfo", () => {
    const router = new EraRouter(identity);
    expect(router.inbound(request(3, "tools/list", { _meta: ENVELOPE }))).toMatchObject({ kind: "deliver", era: "modern" });
    expect(router.outbound({ jsonrpc: "2.0", id: 3, result: { tools: [] } } as JSONRPCMessage)).toMatchObject({ result: { tools: [], resultType: "complete", ttlMs: 5000, cacheScope: "public" } });
    expect(router.inbound(request(4, "tools/call", { name: "x", _meta: ENVELOPE }))).toMatchObject({ kind: "deliver" });
    const called = router.outbound({ jsonrpc: "2.0", id: 4, result: { content: [] } } as JSONRPCMessage) as { result: Record<string, unknown> };
    expect(called.result.resultType).toBe("complete");
    expect(called.result).not.toHaveProperty("ttlMs");
  });

  // The SDK's params schemas strip unknown params, so a retry's SEP-2322 fields travel in _meta.
  it("carries a retry's inputResponses and requestState under the private _meta key, and drops a client's own", () => {
    const router = new EraRouter(identity);
    const retry = router.inbound(request(5, "tools/call", { name: "x", inputResponses: { a: { action: "cancel" } }, requestState: "s", _meta: ENVELOPE }));
    expect(retry).toMatchObject({ kind: "deliver", message: { params: { _meta: { ...ENVELOPE, "dev.foundry-mcp/input-retry": { inputResponses: { a: { action: "cancel" } }, requestState: "s" } } } } });
    const smuggled = router.inbound(request(6, "tools/call", { name: "x", _meta: { ...ENVELOPE, "dev.foundry-mcp/input-retry": { requestState: "forged" } } }));
    expect(smuggled.kind === "deliver" && (smuggled.message as unknown as { params: { _meta: object } }).params._meta).toEqual(ENVELOPE);
  });

  it("refuses initialize on a modern-only (stateless HTTP) router with -32022", () => {
    const router = new EraRouter(identity, { modernOnly: true });
    expect(router.inbound(request(1, "initialize", { protocolVersion: "2025-06-18" }))).toMatchObject({ kind: "reply", message: { error: { code: -32022, data: { supported: ["2026-07-28"], requested: "2025-06-18" } } } });
  });
});

describe("routing headers", () => {
  const body = { jsonrpc: "2.0", id: 1, method: "resources/read", params: { uri: "skill://ü", _meta: ENVELOPE } };
  it("accepts a base64-encoded Mcp-Name that decodes to the body's uri", () => {
    const encoded = `=?base64?${btoa(String.fromCharCode(...new TextEncoder().encode("skill://ü")))}?=`;
    expect(checkRoutingHeaders({ protocolVersion: "2026-07-28", method: "resources/read", name: encoded }, body)).toBeUndefined();
  });
  it("names the disagreement", () => {
    expect(checkRoutingHeaders({ protocolVersion: "2026-07-28", method: "resources/read", name: "skill://x" }, body)).toMatchObject({ code: -32020, message: 'Bad Request: the request headers and body disagree: the body carries params.uri="skill://ü" but the Mcp-Name header names "skill://x"' });
  });
  it("maps answers to HTTP statuses", () => {
    expect(modernHttpStatus({ jsonrpc: "2.0", id: 1, error: { code: -32601, message: "" } } as JSONRPCMessage)).toBe(404);
    expect(modernHttpStatus({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "" } } as JSONRPCMessage)).toBe(200);
    expect(modernHttpStatus({ jsonrpc: "2.0", id: 1, error: { code: -32602, message: "", data: { envelope: {} } } } as JSONRPCMessage)).toBe(400);
  });
});
