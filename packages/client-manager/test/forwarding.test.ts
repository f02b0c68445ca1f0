// Forwarding additions of the manager (what an aggregator passes through), over a real stdio
// server: progress of a call, including notifications read in the same chunk as the answer
// (regression: the SDK settled the answer first and dropped them), and upstream log messages as
// events at the level set with setLoggingLevel.
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { HostEvent } from "../src/events";
import { NodeClientManager } from "../src/node/node-client-manager";
import { fixturesDir } from "./helpers";

const burst = { transport: "stdio" as const, command: process.execPath, args: [path.join(fixturesDir, "burst-server.mjs")] };
let manager: NodeClientManager | undefined;

afterEach(async () => {
  await manager?.close();
  manager = undefined;
});

async function waitFor(check: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe("forwarding", () => {
  it("delivers every progress notification of a call, even those read with its answer", async () => {
    manager = new NodeClientManager({ config: { servers: { burst } }, pingIntervalMs: 0 });
    await manager.start();
    const seen: number[] = [];
    const result = await manager.callTool("mcp__burst__burst", {}, { onProgress: (progress) => void seen.push(progress.progress) });
    expect(result.content).toEqual([{ type: "text", text: "burst done" }]);
    expect(seen).toEqual([1, 2, 3]);
  });

  it("reports upstream log messages as events, at the level set", async () => {
    manager = new NodeClientManager({ config: { servers: { burst } }, pingIntervalMs: 0 });
    const logs: string[] = [];
    manager.on("log", (event: HostEvent) => {
      if (event.type === "log") logs.push(`${event.server} ${event.level} ${event.logger ?? ""} ${String(event.data)}`);
    });
    await manager.start();
    await manager.setLoggingLevel("info");
    await manager.callTool("mcp__burst__log", { level: "debug" });
    await manager.callTool("mcp__burst__log", { level: "error" });
    await waitFor(() => logs.length > 0, "a log event");
    expect(logs).toEqual(["burst error burst at error"]);
  });
});
