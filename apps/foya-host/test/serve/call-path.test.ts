// Regression (issue 18): every tools/call of `foya serve` ran manager.status() in the approval
// path (re-serialising every server's tools to estimate tokens), so the cost of a call grew with
// the number of servers and tools. Now calls read a view rebuilt once per registry change. The
// aggregating server runs over a real manager with real server-everything processes; the counts
// of status() and tools() reads are what must not grow with the number of calls.
import { AsyncLocalStorage } from "node:async_hooks";
import { InMemoryTransport } from "@modelcontextprotocol/sdk/inMemory.js";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ApprovalGateway } from "@foundry-mcp/client-manager";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createDownstreams } from "../../src/serve/foya-aggregate";
import { openServeManager, type ServeManager } from "../../src/serve/serve-manager";
import { EVERYTHING, removeTemporaryFolders, runFoya, temporaryFolder } from "../support/processes";
import { eventually, textOf } from "../support/serve-client";

let home: string;
let manager: ServeManager;
const reads = { status: 0, tools: 0 };

// The real manager, with its status() and tools() reads counted.
function counted(inner: ServeManager): ServeManager {
  return new Proxy(inner, {
    get(target, property) {
      if (property === "status" || property === "tools") reads[property]++;
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

beforeAll(async () => {
  home = temporaryFolder("call-path");
  for (const name of ["ev1", "ev2"]) expect(runFoya(home, ["mcp", "add", name, "--", process.execPath, EVERYTHING, "stdio"]).status).toBe(0);
  manager = openServeManager({ home, onElicitation: async () => ({ action: "decline" }), forwarding: {} });
  await manager.start();
});

afterAll(async () => {
  await manager.close();
  removeTemporaryFolders();
});

async function connect(approval: "auto" | "ask", progressive = false): Promise<{ client: Client; announce: () => Promise<void> }> {
  const downstreams = createDownstreams({ manager: counted(manager), approval, progressive, home, version: "test", log: () => undefined, ready: Promise.resolve() });
  const aggregating = downstreams.open();
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  await aggregating.server.connect(serverSide);
  const client = new Client({ name: "call-path-test", version: "1.0.0" });
  await client.connect(clientSide);
  return { client, announce: () => aggregating.announceChanges() };
}

describe("the call path of foya serve", () => {
  it.each(["auto", "ask"] as const)("reads neither status nor the tool list per call (--approval %s)", async (approval) => {
    const { client } = await connect(approval);
    // get-sum carries no read-only hint, so ask mode refuses it without a way to ask: echo is used for both.
    const call = () => client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } });
    expect(textOf(await call())).toContain("hi");
    reads.status = 0;
    reads.tools = 0;
    for (let index = 0; index < 25; index++) await call();
    expect(reads).toEqual({ status: 0, tools: 0 });
    await client.close();
  });

  // Regression (issue 18, stdio 1.37x the bare relay): the call's signal and progress sink went to
  // the upstream call through an AsyncLocalStorage scope. On Node 20 its first run() enables an
  // async hook for the rest of the process, so every promise and every await anywhere in foya
  // paid for it. They now travel as the call's options.
  it.each([false, true])("enters no AsyncLocalStorage scope per call (progress token: %s)", async (withProgress) => {
    const { client } = await connect("auto");
    const run = vi.spyOn(AsyncLocalStorage.prototype, "run");
    const enterWith = vi.spyOn(AsyncLocalStorage.prototype, "enterWith");
    try {
      const options = withProgress ? { onprogress: () => undefined, signal: new AbortController().signal } : {};
      for (let index = 0; index < 5; index++) expect(textOf(await client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } }, undefined, options))).toContain("hi");
      expect(run).not.toHaveBeenCalled();
      expect(enterWith).not.toHaveBeenCalled();
    } finally {
      run.mockRestore();
      enterWith.mockRestore();
      await client.close();
    }
  });

  // Regression (issue 18, stdio 1.14x the bare relay): under --approval auto every call still made
  // an ApprovalGateway, an approval request and a promise to decide what auto always decides; and
  // each upstream response went through queueMicrotask, which on Node 20 makes an AsyncResource.
  it.each(["auto", "ask"] as const)("asks an approval gateway only when the mode can refuse (--approval %s)", async (approval) => {
    const { client } = await connect(approval);
    const decide = vi.spyOn(ApprovalGateway.prototype, "decide");
    try {
      for (let index = 0; index < 3; index++) expect(textOf(await client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } }))).toContain("hi");
      expect(decide).toHaveBeenCalledTimes(approval === "auto" ? 0 : 3);
    } finally {
      decide.mockRestore();
      await client.close();
    }
  });

  it("delivers upstream responses without queueMicrotask", async () => {
    const { client } = await connect("auto");
    const queued = vi.spyOn(globalThis, "queueMicrotask");
    try {
      for (let index = 0; index < 3; index++) expect(textOf(await client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } }))).toContain("hi");
      expect(queued).not.toHaveBeenCalled();
    } finally {
      queued.mockRestore();
      await client.close();
    }
  });

  // Regression: every announce (each burst of status events) threw the --progressive catalog away
  // and built it again (a new validator, every schema compiled anew), holding the event loop
  // long enough that an upstream's progress notifications reached the client in one bunch.
  it("--progressive rebuilds its catalog only when the registry changed", async () => {
    const { client, announce } = await connect("auto", true);
    const run = () => client.callTool({ name: "run_tool", arguments: { name: "mcp__ev2__echo", arguments: { message: "hi" } } });
    expect(textOf(await run())).toContain("hi");
    reads.status = 0;
    reads.tools = 0;
    for (let index = 0; index < 3; index++) await announce();
    expect(textOf(await run())).toContain("hi");
    // One status read per announce is its own (which servers are connected); none from a rebuild.
    expect(reads).toEqual({ status: 3, tools: 0 });
    expect(runFoya(home, ["mcp", "disable", "ev1"]).status).toBe(0);
    await manager.reload();
    await announce();
    expect(reads.tools).toBeGreaterThan(0);
    const gone = await client.callTool({ name: "run_tool", arguments: { name: "mcp__ev1__echo", arguments: { message: "hi" } } });
    expect(gone.isError).toBe(true);
    expect(runFoya(home, ["mcp", "enable", "ev1"]).status).toBe(0);
    await manager.reload();
    await eventually(async () => {
      await announce();
      return textOf(await client.callTool({ name: "run_tool", arguments: { name: "mcp__ev1__echo", arguments: { message: "back" } } })).includes("back");
    }, 20_000, "ev1 back in the catalog");
    await client.close();
  });

  it("rebuilds the view once after a registry change, and calls then see the change", async () => {
    const { client, announce } = await connect("auto");
    await client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } });
    expect(runFoya(home, ["mcp", "disable", "ev1"]).status).toBe(0);
    await manager.reload();
    await announce();
    reads.status = 0;
    reads.tools = 0;
    for (let index = 0; index < 10; index++) await client.callTool({ name: "mcp__ev2__echo", arguments: { message: "hi" } });
    // The tools were re-read by the announce; under --approval auto no call reads a status row at all.
    expect(reads).toEqual({ status: 0, tools: 0 });
    await expect(client.callTool({ name: "mcp__ev1__echo", arguments: { message: "hi" } })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringContaining("Unknown tool: mcp__ev1__echo. It is not among the"),
    });
    expect(runFoya(home, ["mcp", "enable", "ev1"]).status).toBe(0);
    await manager.reload();
    const back = () => client.callTool({ name: "mcp__ev1__echo", arguments: { message: "back" } }).then(textOf, () => "");
    await eventually(async () => (await back()).includes("back"), 20_000, "ev1 back");
    await client.close();
  });
});
