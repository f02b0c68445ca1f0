// Hostile input: 10,000 generated malformed or adversarial JSON-RPC frames to each stdio server.
// No crash, the right error codes, nothing but JSON on stdout, and `ping` still answered after.
import { afterAll, describe, expect, it } from "vitest";
import { floodStdio } from "./support/flood";
import { hostileFrames } from "./support/hostile-frames";
import { cleanupTemporaryDirs, foundryServer, foyaBin, gatewayBin, initGateway, temporaryDir } from "./support/programs";
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
