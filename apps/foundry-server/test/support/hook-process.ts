// Test support for the plugin's hooks: a copy of the built plugin outside the repository, each
// hook run the way Claude Code runs it (its hooks.json command in a shell, the event JSON on
// stdin, CLAUDE_PLUGIN_ROOT and CLAUDE_PROJECT_DIR set), and projects seeded with facts.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { serializeFact } from "@foundry-mcp/memory";
import type { Fact } from "@foundry-mcp/memory";
import { estimateTokens } from "@foundry-mcp/tokens";
import { PLUGIN_DIR, makeTempDir, writeFiles } from "./server-process";

export type HookEvent = "SessionStart" | "UserPromptSubmit" | "SubagentStop" | "PreCompact" | "PreToolUse";

interface HooksJson {
  hooks: Record<HookEvent, Array<{ matcher?: string; hooks: Array<{ type: string; command: string; timeout: number }> }>>;
}

/** A copy of the built plugin in a fresh temp folder. */
export function copyPlugin(): string {
  const plugin = path.join(makeTempDir("foundry-plugin-"), "foundry-core");
  fs.cpSync(PLUGIN_DIR, plugin, { recursive: true });
  return plugin;
}

/** hooks.json of a plugin folder. */
export function hooksJson(plugin: string): HooksJson {
  return JSON.parse(fs.readFileSync(path.join(plugin, "hooks/hooks.json"), "utf8")) as HooksJson;
}

export interface HookResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the plugin's command for `event` with `input` (an object is sent as JSON) in `project`. */
export function runPluginHook(plugin: string, event: HookEvent, project: string, input: Record<string, unknown> | string, env: Record<string, string> = {}): HookResult {
  const command = hooksJson(plugin).hooks[event][0]?.hooks[0]?.command ?? "";
  return runHookProcess("sh", ["-c", command], event, project, input, { CLAUDE_PLUGIN_ROOT: plugin, ...env });
}

/** Runs one hook entry file (`node file`, as hooks.json's commands do) for `event` with `input` in `project`. */
export function runHookEntry(file: string, event: HookEvent, project: string, input: Record<string, unknown> | string, env: Record<string, string> = {}): HookResult {
  return runHookProcess(process.execPath, [file], event, project, input, env);
}

function runHookProcess(command: string, args: string[], event: HookEvent, project: string, input: Record<string, unknown> | string, env: Record<string, string>): HookResult {
  const body = typeof input === "string" ? input : JSON.stringify({ session_id: "session-1", transcript_path: path.join(project, "t.jsonl"), cwd: project, hook_event_name: event, ...input });
  const result = spawnSync(command, args, {
    input: body,
    encoding: "utf8",
    cwd: project,
    timeout: 30_000,
    env: { PATH: process.env.PATH ?? "", CLAUDE_PROJECT_DIR: project, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

/** A fact as memory_write would store it, with fixed fields tests can restate. */
export function makeFact(number: number, fields: Partial<Fact> = {}): Fact {
  return {
    id: `fact-${String(number).padStart(4, "0")}`,
    type: "convention",
    title: `Rule ${number}`,
    body: `Body of rule ${number}.`,
    scope: "project",
    tags: [],
    confidence: "medium",
    source: "code",
    created: "2026-11-01T00:00:00Z",
    ...fields,
  };
}

/** A project with `.foundry/memory/facts/` holding `facts`, and other files. */
export function seedProject(facts: Fact[], files: Record<string, string> = {}): string {
  const project = makeTempDir("foundry-hooks-project-");
  fs.mkdirSync(path.join(project, ".foundry/memory/facts"), { recursive: true });
  for (const fact of facts) fs.writeFileSync(path.join(project, ".foundry/memory/facts", `${fact.id}.md`), serializeFact(fact));
  writeFiles(project, files);
  return project;
}

/** Filler facts on topics no test prompt asks about. */
export function fillerFacts(count: number, firstNumber: number): Fact[] {
  const topics = ["queue", "cache", "logging", "frontend", "metrics", "storage", "email", "search"];
  return Array.from({ length: count }, (_, at) => {
    const number = firstNumber + at;
    const topic = topics[at % topics.length] as string;
    return makeFact(number, { title: `${topic} convention ${number} keeps module ${at % 97} tidy`, body: `The ${topic} code follows convention ${number}.`, tags: [topic] });
  });
}

/** Events recorded in a project's .foundry/metrics/events.jsonl. */
export function eventsOf(project: string): Array<Record<string, unknown>> {
  const file = path.join(project, ".foundry/metrics/events.jsonl");
  if (!fs.existsSync(file)) return [];
  return fs.readFileSync(file, "utf8").trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
}

/** A sub-agent message of exactly `tokens` tokens by the estimate the hook uses. */
export function messageOfTokens(tokens: number): string {
  let message = "Findings:";
  while (estimateTokens(message) < tokens) message += estimateTokens(message) < tokens - 20 ? " the handler retries twice" : " ok";
  if (estimateTokens(message) !== tokens) throw new Error(`could not build a ${tokens}-token message`);
  return message;
}
