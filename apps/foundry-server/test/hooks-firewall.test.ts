// The SubagentStop context firewall of the built plugin, fed the JSON Claude Code documents for
// the event (last_assistant_message, stop_hook_active): a final message just under 3× the
// handoff budget passes, just over it is sent back with Claude Code's block decision; and
// token_report counting what the hooks added and saved.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StdioClientTransport } from "@modelcontextprotocol/sdk/client/stdio.js";
import { callTool, cleanup, makeTempDir, requireBuild } from "./support/server-process";
import { copyPlugin, eventsOf, makeFact, messageOfTokens, runPluginHook, seedProject } from "./support/hook-process";
import type { HookResult } from "./support/hook-process";

let plugin: string;
beforeAll(() => {
  requireBuild();
  plugin = copyPlugin();
});
afterAll(cleanup);

const reason = (tokens: number, budget: number): string =>
  `Your final message is ~${tokens} tokens; this project's handoff budget is ${budget} tokens (over ${budget * 3} is sent back). ` +
  `Write the details as a blackboard artifact with mcp__plugin_foundry-core_foundry__blackboard_write, then reply with ONLY the path it returns and a summary of at most ${budget} tokens.`;

const stop = (project: string, message: string, extra: Record<string, unknown> = {}): HookResult =>
  runPluginHook(plugin, "SubagentStop", project, { stop_hook_active: false, agent_id: "a1", agent_type: "appsec-reviewer", agent_transcript_path: path.join(project, "a1.jsonl"), last_assistant_message: message, ...extra });

describe("SubagentStop", () => {
  it("lets a final message of exactly 3× the 300-token budget through and records subagent_return", () => {
    const project = seedProject([makeFact(1)]);
    expect(stop(project, messageOfTokens(900))).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "subagent_return", tokens: 900, limit: 900, agent: "appsec-reviewer" }]);
  });

  it("sends one token over back to write a blackboard artifact, and records subagent_blocked", () => {
    const project = seedProject([makeFact(1)]);
    const result = stop(project, messageOfTokens(901));
    expect(result).toEqual({ status: 0, stdout: `${JSON.stringify({ decision: "block", reason: reason(901, 300) })}\n`, stderr: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "subagent_blocked", tokens: 901, limit: 900, savedTokens: 601 }]);
  });

  it("lets the second attempt through (stop_hook_active), so a sub-agent never loops", () => {
    const project = seedProject([makeFact(1)]);
    expect(stop(project, messageOfTokens(2000), { stop_hook_active: true })).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(eventsOf(project)).toMatchObject([{ event: "subagent_return", tokens: 2000, over: true }]);
  });

  it("follows contextFirewall.handoffTokens, and never blocks with enforcement off", () => {
    const tight = seedProject([makeFact(1)], { ".foundry/config.json": JSON.stringify({ contextFirewall: { handoffTokens: 100 } }) });
    expect(stop(tight, messageOfTokens(300)).stdout).toBe("");
    expect(stop(tight, messageOfTokens(301)).stdout).toBe(`${JSON.stringify({ decision: "block", reason: reason(301, 100) })}\n`);
    const off = seedProject([makeFact(1)], { ".foundry/config.json": JSON.stringify({ contextFirewall: { enforcement: "off" } }) });
    expect(stop(off, messageOfTokens(5000))).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(eventsOf(off)).toMatchObject([{ event: "subagent_return", tokens: 5000, over: true }]);
  });

  it("never blocks where the project has no .foundry/, and creates nothing", () => {
    const project = makeTempDir("foundry-hooks-bare-");
    expect(stop(project, messageOfTokens(5000))).toEqual({ status: 0, stdout: "", stderr: "" });
    expect(fs.readdirSync(project)).toEqual([]);
  });

  it("does not block on a broken config: it says why on stderr and exits 0", () => {
    const project = seedProject([makeFact(1)], { ".foundry/config.json": JSON.stringify({ contextFirewall: { enforcement: "strict" } }) });
    expect(stop(project, messageOfTokens(5000))).toEqual({
      status: 0,
      stdout: "",
      stderr: `foundry-core SubagentStop hook: ${path.join(project, ".foundry/config.json")}: contextFirewall.enforcement is "strict"; it must be "block" or "off" (default "block").\n`,
    });
  });
});

describe("token_report after the hooks ran", () => {
  it("reports what the hooks added to context and what they kept out", async () => {
    const project = seedProject([makeFact(1, { title: "Persistence layer uses Flyway, not Liquibase", type: "decision", body: "Plain SQL.\nWhy: SQL.\nHow to apply: V1 files." })]);
    runPluginHook(plugin, "SessionStart", project, { source: "startup" });
    runPluginHook(plugin, "UserPromptSubmit", project, { prompt: "Which migration tool, Flyway or Liquibase?" });
    stop(project, messageOfTokens(1000));
    stop(project, messageOfTokens(100));
    runPluginHook(plugin, "PreCompact", project, { trigger: "auto" });
    const added = Object.fromEntries(eventsOf(project).map((event) => [event.event, event.tokens]));
    const transport = new StdioClientTransport({ command: process.execPath, args: [path.join(plugin, "mcp/server.mjs")], cwd: project, env: { PATH: process.env.PATH ?? "" }, stderr: "pipe" });
    const client = new Client({ name: "hooks-test", version: "0.0.0" });
    await client.connect(transport);
    try {
      const { text } = await callTool(client, "token_report");
      const eager = Number(/Facts stored: 1, ~(\d+) tokens total/.exec(text)?.[1]);
      expect(text).toContain(
        "- Recorded events: session_context=1, prompt_recall=1, subagent_blocked=1, subagent_return=1, compact_guidance=1, token_report=1\n" +
          `- Context hooks: session_context 1× ~${String(added.session_context)}, prompt_recall 1× ~${String(added.prompt_recall)}, compact_guidance 1× ~${String(added.compact_guidance)}; ` +
          `sub-agent returns 1 let through, 1 sent back; saved ~${Math.max(0, eager - Number(added.session_context))} against eager memory at session start and ~700 by sending sub-agents back\n`,
      );
    } finally {
      await client.close();
    }
  });
});
