// 100 connect/kill cycles through the client manager leave no orphan process, even for servers
// started through a shell that does not exec (the server is then a grandchild of the host).
import { execFileSync } from "node:child_process";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { NodeClientManager } from "@foundry-mcp/client-manager/node";
import { describe, expect, it } from "vitest";
import { processesWith } from "./support/programs";

const slowServer = path.join(path.dirname(fileURLToPath(import.meta.url)), "support/slow-server.mjs");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function childPidsOf(parentPid: number): number[] {
  const table = execFileSync("ps", ["-eo", "pid,ppid"], { encoding: "utf8" });
  return table
    .split("\n")
    .map((line) => line.trim().split(/\s+/).map(Number))
    .filter(([, ppid]) => ppid === parentPid)
    .map(([pid]) => pid!);
}

describe("connect/kill cycles", () => {
  it("100 cycles of connect, call, then close or SIGKILL leave no process behind", async () => {
    const marker = `cycle-marker-${process.pid}-${Date.now()}`;
    // Four lanes of 25 cycles each: 100 cycles, two or more servers alive at any moment.
    const lane = async (first: number) => {
      for (let cycle = first; cycle < first + 25; cycle += 1) {
        await oneCycle(cycle);
      }
    };
    const oneCycle = async (cycle: number) => {
      const manager = new NodeClientManager({
        config: { servers: { shell: { transport: "stdio", command: "sh", args: ["-c", `${process.execPath} ${slowServer} ${marker}-${cycle}-end; true`] } } },
        reconnect: { initialDelayMs: 60_000, maxDelayMs: 60_000 },
        pingIntervalMs: 0,
      });
      await manager.start();
      expect(manager.status()[0]?.state, `cycle ${cycle}`).toBe("connected");
      const echoed = await manager.callTool("mcp__shell__echo", { text: `cycle ${cycle}` });
      expect(echoed.isError).toBe(false);
      if (cycle % 2 === 1) {
        // Kill the shell the host started; its node child must still go when the host closes.
        for (const pid of childPidsOf(process.pid).filter((pid) => processesWith(`${marker}-${cycle}-end`).some((line) => line.trim().startsWith(`${pid} `)))) {
          process.kill(pid, "SIGKILL");
        }
      }
      await manager.close();
    };
    await Promise.all([0, 25, 50, 75].map(lane));
    for (let wait = 0; wait < 25 && processesWith(marker).length > 0; wait += 1) await sleep(200);
    expect(processesWith(marker)).toEqual([]);
  }, 300_000);
});
