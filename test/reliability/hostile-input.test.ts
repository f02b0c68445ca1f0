// Hostile input: 10,000 generated malformed or adversarial JSON-RPC frames to each stdio server.
// No crash, the right error codes, nothing but JSON on stdout, and `ping` still answered after.
// Over HTTP (the gateway and `foya serve --http`, a 2025 session and 2026-07-28): every frame is
// answered before the request timeout, never with a 5xx, and a body no message can be (`null`,
// numbers, strings, arrays of them; issue #38) with 400 -32600.
import { afterAll, describe, expect, it } from "vitest";
import { floodStdio } from "./support/flood";
import { hostileFrames, type HostileFrame } from "./support/hostile-frames";
import { cleanupTemporaryDirs, foundryServer, foyaBin, gatewayBin, initGateway, serveGateway, stopProcess, temporaryDir } from "./support/programs";
import { RawStdioPeer } from "./support/raw-stdio";

const FRAMES = 10_000;

afterAll(cleanupTemporaryDirs);

async function survives(peer: RawStdioPeer, toolNames: string[]) {
  await peer.initialize();
  const report = await floodStdio(peer, hostileFrames(FRAMES, toolNames));
  const ping = await peer.request(1, "ping", undefined, 30_000);
  return { report, ping };
}

describe("hostile frames over stdio", () => {
  it("foundry-server survives 10,000 hostile frames and still answers ping", async () => {
    const root = temporaryDir("hostile-foundry");
    const peer = new RawStdioPeer(process.execPath, [foundryServer, "--root", root]);
    try {
      const tools = ["memory_search", "memory_write", "memory_index", "runbook_list", "runbook_get", "contract_validate", "blackboard_write", "blackboard_read", "token_report"];
      const { report, ping } = await survives(peer, tools);
      expect(report.wrong).toEqual([]);
      expect(report.sent).toBe(FRAMES);
      expect(ping.result).toEqual({});
      expect(peer.garbage).toEqual([]);
      expect(peer.alive).toBe(true);
    } finally {
      await peer.close();
    }
  }, 240_000);

  it("amicited-gateway over stdio survives 10,000 hostile frames and still answers ping", async () => {
    const { data, workspace } = initGateway();
    const peer = new RawStdioPeer(process.execPath, [gatewayBin, "serve", "--stdio", "--data", data], { ...process.env, AMICITED_TOKEN: workspace.writeToken });
    try {
      const { report, ping } = await survives(peer, ["search_tools", "describe_tool", "read_tool", "run_tool"]);
      expect(report.wrong).toEqual([]);
      expect(ping.result).toEqual({});
      expect(peer.garbage).toEqual([]);
      expect(peer.alive).toBe(true);
    } finally {
      await peer.close();
    }
  }, 240_000);

  it("foya serve survives 10,000 hostile frames and still answers ping", async () => {
    const home = temporaryDir("hostile-foya");
    const root = temporaryDir("hostile-foya-root");
    const { execFileSync } = await import("node:child_process");
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "mem", "--", process.execPath, foundryServer, "--root", root], { env: { ...process.env, FOYA_HOME: home } });
    const peer = new RawStdioPeer(process.execPath, [foyaBin, "serve", "--approval", "auto"], { ...process.env, FOYA_HOME: home });
    try {
      const { report, ping } = await survives(peer, ["mcp__mem__memory_search", "mcp__mem__memory_write", "mcp__mem__blackboard_read"]);
      expect(report.wrong).toEqual([]);
      expect(ping.result).toEqual({});
      expect(peer.garbage).toEqual([]);
      expect(peer.alive).toBe(true);
    } finally {
      await peer.close();
    }
  }, 240_000);
});

const HTTP_FRAMES = 600;

/** Posts each frame as one body; returns what was wrong (at most 20). */
async function postFrames(url: string, headers: Record<string, string>, frames: HostileFrame[]): Promise<string[]> {
  const wrong: string[] = [];
  for (const frame of frames) {
    const response = await fetch(url, {
      method: "POST",
      headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...headers },
      body: frame.line,
      signal: AbortSignal.timeout(30_000),
    }).catch((error: unknown) => `${frame.family}: ${String(error)}`);
    if (typeof response === "string") {
      wrong.push(response);
      continue;
    }
    const text = await response.text();
    const code = response.headers.get("content-type")?.startsWith("application/json") && text !== "" ? (JSON.parse(text) as { error?: { code?: number } }).error?.code : undefined;
    if (response.status >= 500) wrong.push(`${frame.family}: ${response.status} ${text.slice(0, 160)}`);
    if (frame.family === "non-message" && (response.status !== 400 || code !== -32600)) wrong.push(`non-message ${frame.line}: ${response.status} ${text.slice(0, 160)}`);
    if (wrong.length >= 20) break;
  }
  return wrong;
}

/** Opens a 2025 session on `url` and returns its headers. */
async function openSession(url: string, auth: Record<string, string>): Promise<Record<string, string>> {
  const initialize = { jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "hostile", version: "0" } } };
  const opened = await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...auth }, body: JSON.stringify(initialize) });
  await opened.text();
  const session = { ...auth, "mcp-session-id": opened.headers.get("mcp-session-id") ?? "", "mcp-protocol-version": "2025-06-18" };
  await fetch(url, { method: "POST", headers: { "content-type": "application/json", accept: "application/json, text/event-stream", ...session }, body: '{"jsonrpc":"2.0","method":"notifications/initialized"}' });
  return session;
}

async function survivesOverHttp(url: string, auth: Record<string, string>, toolNames: string[]): Promise<{ legacy: string[]; modern: string[] }> {
  const session = await openSession(url, auth);
  const legacy = await postFrames(url, session, hostileFrames(HTTP_FRAMES, toolNames, 38));
  const modern = await postFrames(url, { ...auth, "mcp-protocol-version": "2026-07-28" }, hostileFrames(HTTP_FRAMES, toolNames, 3838));
  return { legacy, modern };
}

describe("hostile frames over HTTP", () => {
  it("the gateway answers 600 hostile bodies per era, never with a 5xx, and non-message bodies with 400 -32600", async () => {
    const { data, workspace } = initGateway();
    const gateway = await serveGateway(data);
    try {
      const report = await survivesOverHttp(gateway.url, { authorization: `Bearer ${workspace.writeToken}` }, ["search_tools", "describe_tool", "read_tool", "run_tool"]);
      expect(report).toEqual({ legacy: [], modern: [] });
    } finally {
      await gateway.stop();
    }
  }, 240_000);

  it("foya serve --http answers 600 hostile bodies per era, never with a 5xx, and non-message bodies with 400 -32600", async () => {
    const home = temporaryDir("hostile-foya-http");
    const root = temporaryDir("hostile-foya-http-root");
    const { execFileSync, spawn } = await import("node:child_process");
    const { existsSync, readFileSync } = await import("node:fs");
    const path = await import("node:path");
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "mem", "--", process.execPath, foundryServer, "--root", root], { env: { ...process.env, FOYA_HOME: home } });
    const serve = spawn(process.execPath, [foyaBin, "serve", "--http", "--port", "0", "--approval", "auto"], { env: { ...process.env, FOYA_HOME: home }, stdio: ["ignore", "ignore", "ignore"] });
    try {
      await expect.poll(() => existsSync(path.join(home, "serve.json")), { timeout: 30_000 }).toBe(true);
      const url = (JSON.parse(readFileSync(path.join(home, "serve.json"), "utf8")) as { url: string }).url;
      const token = readFileSync(path.join(home, "serve-token"), "utf8").trim();
      const report = await survivesOverHttp(url, { authorization: `Bearer ${token}` }, ["mcp__mem__memory_search", "mcp__mem__memory_write", "mcp__mem__blackboard_read"]);
      expect(report).toEqual({ legacy: [], modern: [] });
    } finally {
      await stopProcess(serve);
    }
  }, 240_000);
});
