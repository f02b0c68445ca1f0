// Regression (issue 15, smaller findings): an upstream listing 100,000 tools (a 15 MB tools/list)
// was accepted whole. A server listing more than MAX_TOOLS_PER_SERVER is now an error, not a registry.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { MAX_TOOLS_PER_SERVER } from "../src/index";
import { NodeClientManager } from "../src/node";
import { fixturesDir } from "./helpers";

const upstream = path.join(fixturesDir, "hostile-upstream.mjs");
let manager: NodeClientManager | undefined;
afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

function managerFor(tools: number): NodeClientManager {
  return new NodeClientManager({
    config: { servers: { wide: { transport: "stdio", command: process.execPath, args: [upstream], env: { HOSTILE_MODE: "many-tools", HOSTILE_TOOLS: String(tools) } } } },
    reconnect: { maxAttempts: 0 },
    pingIntervalMs: 0,
  });
}

describe("tools per server", () => {
  it(`accepts ${MAX_TOOLS_PER_SERVER} tools`, { timeout: 60_000 }, async () => {
    manager = managerFor(MAX_TOOLS_PER_SERVER);
    await manager.start();
    expect(manager.status()[0]).toMatchObject({ state: "connected", tools: MAX_TOOLS_PER_SERVER });
  });

  it("refuses one more with an error status naming the bound", { timeout: 60_000 }, async () => {
    manager = managerFor(MAX_TOOLS_PER_SERVER + 1);
    await manager.start();
    expect(manager.status()[0]).toMatchObject({
      state: "error",
      tools: 0,
      lastError: `Server "wide" lists more than 2000 tools (at least 2001), over the bound per server; split it into several servers or configure a smaller one`,
    });
    expect(manager.tools()).toEqual([]);
  });

  it("refuses 100,000 tools in one 15 MB page by the frame bound, and stays bounded", { timeout: 60_000 }, async () => {
    manager = managerFor(100_000);
    await manager.start();
    const status = manager.status()[0];
    expect(status?.state).toBe("error");
    expect(status?.lastError).toMatch(/^MCP error -32600: Server "wide" sent a response of \d+ bytes, over the 8 MiB frame bound \(maxFrameBytes\)/);
  });
});
