import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { reconnectDelay, type HostEvent, type ServerConfig } from "../src/index";
import { informativeStderrLine } from "../src/manager/diagnostics";
import { NodeClientManager } from "../src/node";
import { flakyServer, liveProcesses, makeTempDir, waitUntil } from "./helpers";

let temp: string;
let downFile: string;
const flaky = (name: string, extra: Record<string, string> = {}): ServerConfig => {
  const dir = path.join(temp, name);
  fs.mkdirSync(dir, { recursive: true });
  return { transport: "stdio", command: process.execPath, args: [flakyServer], env: { FLAKY_STATE_DIR: dir, ...extra } };
};

const events: HostEvent[] = [];
let manager: NodeClientManager;

const textOf = (result: { content: Array<{ type: string; [key: string]: unknown }> }) => String(result.content[0]?.text);
async function pidOf(server: string): Promise<number> {
  return Number(textOf(await manager.callTool(`mcp__${server}__pid`, {})));
}

// Created in beforeAll so a filtered run (pnpm conformance) leaves no temp dir behind.
beforeAll(async () => {
  temp = makeTempDir();
  downFile = path.join(temp, "a.down");
  manager = new NodeClientManager({
    config: { servers: { a: flaky("a", { FLAKY_DOWN_FILE: downFile }), b: flaky("b") } },
    reconnect: { initialDelayMs: 100, maxDelayMs: 400 },
    connectTimeoutMs: 3000,
    pingIntervalMs: 0,
  });
  manager.on("event", (event) => events.push(event));
  await manager.start();
  // A loaded machine can miss the 3 s connect timeout once; the tests start from two connected servers.
  expect(await Promise.all([manager.waitForConnected("a", 60_000), manager.waitForConnected("b", 60_000)])).toEqual([true, true]);
}, 120_000);
afterAll(async () => {
  await manager?.close();
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

describe("reconnectDelay", () => {
  it("grows exponentially, is capped, and jitters within the upper half", () => {
    const options = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect([0, 1, 2, 3, 4, 5].map((attempt) => reconnectDelay(attempt, options, () => 1))).toEqual([100, 200, 400, 800, 1000, 1000]);
    expect(reconnectDelay(3, options, () => 0)).toBe(400);
  });
});

describe("failures are contained", () => {
  it("a server killed mid-call: error result, status error, tools gone, others fine, reconnect after restart", async () => {
    const oldPid = await pidOf("a");
    fs.writeFileSync(downFile, "down");
    const hanging = manager.callTool("mcp__a__hang", {}, { timeoutMs: 20_000 });
    await waitUntil(() => events.some((event) => event.type === "call_started" && event.hostName === "mcp__a__hang"));
    process.kill(oldPid, "SIGKILL");
    const result = await hanging;
    expect(result).toMatchObject({ isError: true, errorCode: "CONNECTION_LOST", server: "a", tool: "hang" });
    expect(textOf(result)).toContain("it was not resent because the tool is not annotated read-only or idempotent");
    expect(manager.status().find((entry) => entry.name === "a")).toMatchObject({ state: "error", tools: 0 });
    expect(manager.tools().some((tool) => tool.server === "a")).toBe(false);
    expect(await manager.callTool("mcp__b__echo", { text: "still here" })).toMatchObject({ isError: false, content: [{ type: "text", text: "still here" }] });
    // While the down file exists every restart fails and the next one is scheduled.
    await waitUntil(() => events.filter((event) => event.type === "reconnect_scheduled" && event.server === "a").length >= 3);
    expect(manager.status().find((entry) => entry.name === "a")?.lastError).toContain("down file present");
    fs.rmSync(downFile);
    expect(await manager.waitForConnected("a", 10_000)).toBe(true);
    expect(manager.tools().some((tool) => tool.hostName === "mcp__a__echo")).toBe(true);
    expect(await pidOf("a")).not.toBe(oldPid);
  });

  it("a call to a server in error returns a clear error result", async () => {
    fs.writeFileSync(downFile, "down");
    const crashed = await manager.callTool("mcp__a__crash", {});
    expect(crashed.errorCode).toBe("CONNECTION_LOST");
    const registered = manager.tools().length;
    expect(registered).toBeGreaterThan(0);
    const result = await manager.callTool("mcp__a__echo", { text: "x" });
    expect(result).toMatchObject({ isError: true, errorCode: "SERVER_UNAVAILABLE", server: "a" });
    expect(textOf(result)).toMatch(/^Server "a" is (in error since \S+: .*|connecting); its tools are unavailable until it connects$/);
    fs.rmSync(downFile);
    expect(await manager.waitForConnected("a", 10_000)).toBe(true);
  });

  it("a hung call times out; the server stays connected while it still answers pings", async () => {
    const result = await manager.callTool("mcp__b__hang", {}, { timeoutMs: 300 });
    expect(result).toMatchObject({ isError: true, errorCode: "CALL_TIMEOUT", content: [{ type: "text", text: 'mcp__b__hang timed out after 300 ms; the server "b" did not answer' }] });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(manager.status().find((entry) => entry.name === "b")?.state).toBe("connected");
  });

  it("a frozen server times out, fails its health ping, and is restarted", async () => {
    const oldPid = await pidOf("b");
    const result = await manager.callTool("mcp__b__freeze", {}, { timeoutMs: 300 });
    expect(result.errorCode).toBe("CALL_TIMEOUT");
    await waitUntil(() => events.some((event) => event.type === "status" && event.server === "b" && event.state === "error"));
    expect(await manager.waitForConnected("b", 15_000)).toBe(true);
    expect(await pidOf("b")).not.toBe(oldPid);
    expect(liveProcesses([oldPid])).toEqual([]);
  });

  it("resends a read-only call after a reconnect", async () => {
    const result = await manager.callTool("mcp__b__crash_once_readonly", {}, { timeoutMs: 15_000 });
    expect(result).toMatchObject({ isError: false, resent: true, content: [{ type: "text", text: "answered after restart" }] });
  });

  it("follows notifications/tools/list_changed", async () => {
    await manager.callTool("mcp__b__add_tool", { name: "extra" });
    await waitUntil(() => manager.tools().some((tool) => tool.hostName === "mcp__b__extra"));
    expect(events.some((event) => event.type === "tools_changed" && event.added.includes("mcp__b__extra"))).toBe(true);
    expect(await manager.callTool("mcp__b__extra", {})).toMatchObject({ isError: false, content: [{ type: "text", text: "dynamic extra" }] });
    await manager.callTool("mcp__b__remove_tool", { name: "extra" });
    await waitUntil(() => !manager.tools().some((tool) => tool.hostName === "mcp__b__extra"));
    expect(events.some((event) => event.type === "tools_changed" && event.removed.includes("mcp__b__extra"))).toBe(true);
  });
});

describe("apply() diffs the configuration", () => {
  it("keeps unchanged, replaces changed, closes disabled and removed, adds new; stops reconnecting removed ones", async () => {
    const downX = path.join(temp, "x.down");
    fs.writeFileSync(downX, "down");
    const servers = { a: flaky("a", { FLAKY_DOWN_FILE: downFile }), b: flaky("b"), c: flaky("c"), d: flaky("d"), x: flaky("x", { FLAKY_DOWN_FILE: downX }) };
    await manager.apply({ servers });
    await waitUntil(() => events.some((event) => event.type === "reconnect_scheduled" && event.server === "x"));
    const before = { a: await pidOf("a"), b: await pidOf("b"), c: await pidOf("c"), d: await pidOf("d") };
    const next = {
      a: servers.a,
      b: { ...servers.b, env: { ...(servers.b.transport === "stdio" ? servers.b.env : {}), CHANGED: "1" } },
      c: { ...servers.c, enabled: false },
      e: flaky("e"),
    };
    await manager.apply({ servers: next });
    const seenAt = events.length;
    const status = Object.fromEntries(manager.status().map((entry) => [entry.name, entry.state]));
    expect(status).toEqual({ a: "connected", b: "connected", c: "disabled", e: "connected" });
    expect(await pidOf("a")).toBe(before.a);
    expect(await pidOf("b")).not.toBe(before.b);
    expect(manager.tools().some((tool) => tool.server === "c" || tool.server === "d")).toBe(false);
    expect(liveProcesses([before.c, before.d, before.b])).toEqual([]);
    fs.rmSync(downX);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(events.slice(seenAt).filter((event) => "server" in event && event.server === "x")).toEqual([]);
    expect(events.some((event) => event.type === "server_removed" && event.server === "d")).toBe(true);
    await expect(manager.apply({ servers: { "bad name": { transport: "stdio", command: "x" } } })).rejects.toThrow('Server name "bad name" must be');
    expect(manager.status().map((entry) => entry.name)).toEqual(["a", "b", "c", "e"]);
  });
});

describe("a stdio server that fails to start", () => {
  it("reads the stderr a server wrote just before it exited, 300 KB of it (Node may report the exit before the last of it is read)", async () => {
    // 300 KB of noise fills the pipe, so the explaining line is still unread when the exit comes.
    const script = "const noise = 'x'.repeat(99) + '\\n'; for (let i = 0; i < 3000; i++) process.stderr.write(i % 2 ? noise : noise.toUpperCase()); process.stderr.write('Error: the database file is locked\\n', () => process.exit(1));";
    const own = new NodeClientManager({
      config: { servers: { noisy: { transport: "stdio", command: process.execPath, args: ["-e", script] } } },
      reconnect: { maxAttempts: 0 },
      pingIntervalMs: 0,
    });
    try {
      await own.start();
      const status = own.status()[0];
      expect(status?.state).toBe("error");
      expect(status?.lastError).toContain("(stderr: Error: the database file is locked)");
    } finally {
      await own.close();
    }
  });

  it("shows the stderr line that explains it (Cannot find module), not Node's version line", async () => {
    const missing = path.join(temp, "nonexistent-server.js");
    const own = new NodeClientManager({
      config: { servers: { broken: { transport: "stdio", command: process.execPath, args: [missing] } } },
      reconnect: { maxAttempts: 0 },
      pingIntervalMs: 0,
    });
    try {
      await own.start();
      const status = own.status()[0];
      expect(status?.state).toBe("error");
      expect(status?.lastError).toContain(`(stderr: Error: Cannot find module '${missing}'`);
      expect(status?.lastError).not.toContain("(stderr: Node.js v");
    } finally {
      await own.close();
    }
  });

  it("picks the first error-looking line, else the last line", () => {
    expect(informativeStderrLine(["node:internal/modules/cjs/loader:1228", "  throw err;", "Error: Cannot find module '/x.js'", "Node.js v20.20.2"])).toBe("Error: Cannot find module '/x.js'");
    expect(informativeStderrLine(["listen EADDRINUSE: address already in use", "bye"])).toBe("listen EADDRINUSE: address already in use");
    expect(informativeStderrLine(["starting", "Node.js v20.20.2"])).toBe("Node.js v20.20.2");
    expect(informativeStderrLine([])).toBeUndefined();
  });
});
