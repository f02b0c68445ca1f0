import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { NodeClientManager } from "../src/node";
import { fixturesDir, flakyServer, liveProcesses, makeTempDir, processTable, waitUntil } from "./helpers";

const packageRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
let temp: string;
beforeAll(() => {
  temp = makeTempDir();
});
afterAll(() => {
  if (temp) fs.rmSync(temp, { recursive: true, force: true });
});

function quoted(text: string): string {
  return `'${text.replace(/'/g, "'\\''")}'`;
}

describe("shutdown ends every child process and its descendants", () => {
  it("leaves no process behind for servers started through a shell and through npx", async () => {
    const manager = new NodeClientManager({
      config: {
        servers: {
          // The shell stays as parent (two commands), node is its child, sleep a grandchild.
          shell: {
            transport: "stdio",
            command: "/bin/sh",
            args: ["-c", `${quoted(process.execPath)} ${quoted(flakyServer)}; echo server-exited >&2`],
            env: { FLAKY_GRANDCHILD: "1", FLAKY_STATE_DIR: temp },
          },
          npx: { transport: "stdio", command: "npx", args: ["--no-install", "mcp-server-everything", "stdio"], cwd: packageRoot, timeouts: { connectMs: 60_000 } },
        },
      },
      pingIntervalMs: 0,
    });
    await manager.start();
    expect(manager.status().map((entry) => [entry.name, entry.state])).toEqual([["npx", "connected"], ["shell", "connected"]]);
    const shellPid = Number((await manager.callTool("mcp__shell__pid", {})).content[0]?.text);
    const grandchildFile = fs.readdirSync(temp).find((name) => name.startsWith("grandchild-"));
    const sleepPid = Number(fs.readFileSync(path.join(temp, grandchildFile!), "utf8"));
    const groups = processTable()
      .filter((row) => row.pid === shellPid || row.pid === sleepPid || row.args.includes("mcp-server-everything"))
      .map((row) => row.pgid);
    const groupIds = [...new Set(groups)];
    // Each server leads its own group, apart from the test runner's.
    expect(groupIds).not.toContain(process.pid);
    expect(liveProcesses(groupIds).length).toBeGreaterThanOrEqual(4);
    await manager.close();
    expect(await waitUntil(() => liveProcesses(groupIds).length === 0, 5000)).toBe(true);
    expect(liveProcesses([shellPid, sleepPid])).toEqual([]);
    expect(manager.tools()).toEqual([]);
  }, 90_000);

  it("ends the group when a server exits on its own, so its descendants do not linger", async () => {
    const dir = path.join(temp, "crash");
    fs.mkdirSync(dir);
    const manager = new NodeClientManager({
      config: { servers: { s: { transport: "stdio", command: process.execPath, args: [flakyServer], env: { FLAKY_GRANDCHILD: "1", FLAKY_STATE_DIR: dir } } } },
      pingIntervalMs: 0,
      reconnect: { maxAttempts: 0 },
    });
    await manager.start();
    const file = fs.readdirSync(dir).find((name) => name.startsWith("grandchild-"))!;
    const serverPid = Number(/grandchild-(\d+)/.exec(file)?.[1]);
    const sleepPid = Number(fs.readFileSync(path.join(dir, file), "utf8"));
    await manager.callTool("mcp__s__crash", {});
    expect(await waitUntil(() => liveProcesses([serverPid, sleepPid]).length === 0, 5000)).toBe(true);
    expect(manager.status()[0]).toMatchObject({ state: "error", lastError: 'Connection to "s" closed' });
    await manager.close();
  });

  it("keeps the host process alive until close() has finished (regression: unref'd waits let it exit mid-close)", () => {
    const dir = path.join(temp, "exit");
    fs.mkdirSync(dir);
    const run = spawnSync(process.execPath, [path.join(fixturesDir, "close-and-exit.mjs"), dir], { encoding: "utf8", timeout: 30_000 });
    expect(run.status).toBe(0);
    const serverPid = Number(/^closed (\d+)$/m.exec(run.stdout)?.[1]);
    expect(serverPid).toBeGreaterThan(0);
    const sleepPid = Number(fs.readFileSync(path.join(dir, `grandchild-${serverPid}.pid`), "utf8"));
    expect(liveProcesses([serverPid, sleepPid])).toEqual([]);
  });
});
