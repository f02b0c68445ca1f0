// Crashes: processes killed at the worst moment leave nothing corrupt and nothing running.
import { execFileSync, spawn } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { parseFact } from "@foundry-mcp/memory";
import { afterAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectFoundry, foundryServer, foyaBin, processesWith, resultText, temporaryDir } from "./support/programs";
import { RawStdioPeer } from "./support/raw-stdio";

afterAll(cleanupTemporaryDirs);
const slowServer = path.join(path.dirname(fileURLToPath(import.meta.url)), "support/slow-server.mjs");
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function factFiles(root: string): string[] {
  const dir = path.join(root, ".foundry/memory/facts");
  return readdirSync(dir).filter((f) => /^fact-\d+\.md$/.test(f)).map((f) => path.join(dir, f));
}

describe("crashes", () => {
  it("a foundry-server killed mid-write leaves no corrupt fact, index or blocking lock", async () => {
    const root = temporaryDir("crash-write");
    for (let round = 0; round < 5; round += 1) {
      const peer = new RawStdioPeer(process.execPath, [foundryServer, "--root", root]);
      await peer.initialize();
      for (let i = 0; i < 40; i += 1) {
        await peer.send(JSON.stringify({ jsonrpc: "2.0", id: 10 + i, method: "tools/call", params: { name: "memory_write", arguments: { title: `Crash round ${round} rule ${i} ${"q".repeat(i % 5)}${i * 7919}`, body: `Body of rule ${i} in round ${round}.`, type: "convention" } } }));
      }
      // Kill while later writes are still in flight: after the first is acknowledged (so a slow
      // machine cannot kill every round before anything was written), then a little later each round.
      await peer.reply(10, 60_000);
      await sleep(round * 30);
      peer.child.kill("SIGKILL");
      await new Promise((resolve) => peer.child.once("exit", resolve));
    }
    const files = factFiles(root);
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) {
      const parsed = parseFact(readFileSync(file, "utf8"), path.basename(file, ".md"));
      expect(parsed.ok, `${file}: ${parsed.ok ? "" : parsed.reason}`).toBe(true);
    }
    const client = await connectFoundry(root);
    try {
      const before = factFiles(root).length;
      const text = resultText(await client.callTool({ name: "memory_write", arguments: { title: "Written after the crashes", body: "The next writer is not blocked by a dead one.", type: "convention" } }));
      expect(text).toMatch(/^created: fact-\d{4,}\nIndex: \d+\/\d+ facts listed, ~\d+ tokens, \d+ omitted over budget\.$/);
      expect(factFiles(root).length).toBe(before + 1);
      const index = resultText(await client.callTool({ name: "memory_index", arguments: {} }));
      const counts = /\n(\d+)\/(\d+) facts listed/.exec(index);
      expect(Number(counts?.[2])).toBe(before + 1);
      const found = resultText(await client.callTool({ name: "memory_search", arguments: { query: "written after crashes" } }));
      expect(found).toContain("**Written after the crashes**");
    } finally {
      await client.close();
    }
  }, 180_000);

  it("an upstream killed with SIGKILL mid-call under foya gives an error result; the rest keeps working and it reconnects", async () => {
    const home = temporaryDir("crash-foya-home");
    const root = temporaryDir("crash-foya-root");
    const marker = `slow-marker-${process.pid}-${Date.now()}`;
    const env = { ...process.env, FOYA_HOME: home };
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "slow", "--", process.execPath, slowServer, marker], { env });
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "mem", "--", process.execPath, foundryServer, "--root", root], { env });
    const client = new Client({ name: "crash-test", version: "0" });
    await client.connect(new StdioClientTransport({ command: process.execPath, args: [foyaBin, "serve", "--approval", "auto"], env: env as Record<string, string>, stderr: "pipe" }));
    try {
      const tools = (await client.listTools()).tools.map((t) => t.name);
      expect(tools).toEqual(expect.arrayContaining(["mcp__slow__wait", "mcp__slow__echo", "mcp__mem__memory_search"]));
      const pending = client.callTool({ name: "mcp__slow__wait", arguments: { ms: 60_000 } }, undefined, { timeout: 120_000 });
      await sleep(500);
      const victims = processesWith(marker);
      expect(victims.length).toBeGreaterThan(0);
      for (const line of victims) process.kill(Number(line.trim().split(/\s+/)[0]), "SIGKILL");
      const failed = await pending;
      expect(failed.isError).toBe(true);
      expect(resultText(failed).length).toBeGreaterThan(0);
      const other = await client.callTool({ name: "mcp__mem__runbook_list", arguments: {} });
      expect(resultText(other)).toBe("No runbooks yet. Create one with the runbook-author skill after any task worth repeating.");
      let echoed = "";
      for (let attempt = 0; attempt < 40 && echoed !== "back"; attempt += 1) {
        // While the server reconnects its tools are unlisted: a call is then the unknown-tool
        // protocol error (-32602), or an error result if it races the reconnect.
        try {
          const again = await client.callTool({ name: "mcp__slow__echo", arguments: { text: "back" } });
          echoed = again.isError ? "" : resultText(again);
        } catch (error) {
          expect(String(error)).toContain("Unknown tool: mcp__slow__echo.");
        }
        if (echoed !== "back") await sleep(500);
      }
      expect(echoed).toBe("back");
    } finally {
      await client.close();
    }
    // close() may end foya by signal on a slow machine, and its watchdog then reaps the children
    // with their own grace: wait for them (bounded) instead of a fixed half second.
    for (let i = 0; i < 50 && processesWith(marker).length + processesWith(root).length > 0; i += 1) await sleep(200);
    expect(processesWith(marker)).toEqual([]);
    expect(processesWith(root)).toEqual([]);
  }, 120_000);

  it("foya serve shutdown ends every child, including servers started through a shell", async () => {
    const home = temporaryDir("shutdown-home");
    const marker = `shutdown-marker-${process.pid}-${Date.now()}`;
    const env = { ...process.env, FOYA_HOME: home };
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "direct", "--", process.execPath, slowServer, `${marker}-direct`], { env });
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "shell", "--", "sh", "-c", `exec ${process.execPath} ${slowServer} ${marker}-shell`], { env });
    execFileSync(process.execPath, [foyaBin, "mcp", "add", "nested", "--", "sh", "-c", `${process.execPath} ${slowServer} ${marker}-nested; true`], { env });
    const serve = spawn(process.execPath, [foyaBin, "serve"], { env, stdio: ["pipe", "pipe", "pipe"] });
    const peer = { stdout: "" };
    serve.stdout.on("data", (d) => (peer.stdout += d));
    serve.stdin.write(JSON.stringify({ jsonrpc: "2.0", id: 1, method: "initialize", params: { protocolVersion: "2025-06-18", capabilities: {}, clientInfo: { name: "t", version: "0" } } }) + "\n");
    for (let i = 0; i < 100 && processesWith(marker).length < 3; i += 1) await sleep(200);
    expect(processesWith(marker).length).toBeGreaterThanOrEqual(3);
    serve.stdin.end();
    const exited = new Promise((resolve) => serve.once("exit", resolve));
    const timer = setTimeout(() => serve.kill("SIGTERM"), 10_000);
    await exited;
    clearTimeout(timer);
    for (let i = 0; i < 25 && processesWith(marker).length > 0; i += 1) await sleep(200);
    expect(processesWith(marker)).toEqual([]);
  }, 120_000);
});
