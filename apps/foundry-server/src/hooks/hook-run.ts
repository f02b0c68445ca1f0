// What every foundry-core context hook shares (SessionStart, UserPromptSubmit, SubagentStop,
// PreCompact): read the event JSON Claude Code pipes on stdin, find the project the server
// would serve, stay silent where it has no .foundry/ (installing the plugin must never create
// one), and never fail the session: any error is one line on stderr and exit code 0. The memory
// store is opened without a directory watch (a hook lives for one event) and nothing here takes
// the write lock.
import fs from "node:fs";
import path from "node:path";
import { FoundryMemory, MarkdownFactStore } from "@foundry-mcp/memory";
import { findProjectRoot } from "../cli";
import { readHookConfig } from "./hook-config";
import type { HookConfig } from "./hook-config";

/** The event JSON is a few fields and at most one prompt or message; more is refused. */
export const MAX_HOOK_INPUT_BYTES = 4 * 1024 * 1024;

/** The fields of Claude Code's hook input these hooks read (each event adds its own). */
export interface HookInput {
  hook_event_name?: unknown;
  cwd?: unknown;
  source?: unknown;
  prompt?: unknown;
  trigger?: unknown;
  stop_hook_active?: unknown;
  last_assistant_message?: unknown;
  agent_type?: unknown;
}

/** What a hook works with: the project root, its memory and the hook settings. */
export interface HookContext {
  input: HookInput;
  root: string;
  memory: FoundryMemory;
  config: HookConfig;
}

/** Thrown for input the hook cannot use; the message goes to stderr as is. */
class HookInputError extends Error {}

function readInput(): HookInput {
  const bytes = fs.readFileSync(0);
  if (bytes.length > MAX_HOOK_INPUT_BYTES) {
    throw new HookInputError(`its input is ${bytes.length} bytes, over the ${MAX_HOOK_INPUT_BYTES}-byte bound; nothing was added.`);
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new HookInputError("its input is not the JSON object Claude Code sends; nothing was added.");
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) throw new HookInputError("its input is not a JSON object; nothing was added.");
  return parsed as HookInput;
}

/** The served project root when it holds .foundry/, else undefined (the hook then says nothing). */
export function projectWithMemory(input: HookInput): string | undefined {
  const start = process.env.CLAUDE_PROJECT_DIR || (typeof input.cwd === "string" && input.cwd) || process.cwd();
  const root = process.env.FOUNDRY_ROOT ? path.resolve(process.env.FOUNDRY_ROOT) : findProjectRoot(start).root;
  try {
    return fs.statSync(path.join(root, ".foundry")).isDirectory() ? root : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Runs one hook: `handle` returns what goes to stdout (JSON or plain text, as the event wants)
 * or undefined for nothing. Exit code 0 in every case, so a prompt or a sub-agent is never held up.
 */
export async function runHook(event: string, handle: (context: HookContext) => Promise<string | undefined>): Promise<void> {
  let memory: FoundryMemory | undefined;
  try {
    const input = readInput();
    const root = projectWithMemory(input);
    if (root !== undefined) {
      memory = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }) });
      const config = readHookConfig(memory.paths.config);
      const output = await handle({ input, root, memory, config });
      if (output !== undefined && output !== "") process.stdout.write(output);
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`foundry-core ${event} hook: ${message}\n`);
  } finally {
    memory?.close();
  }
  // No process.exit: when this run had to read many fact files, the store saves its index for
  // the next cold start (.foundry/cache/, a few ms after the answer), and every later hook starts
  // from it even in a session that never calls a memory tool (the server would save it then).
  process.exitCode = 0;
}

/** Claude Code's JSON for context added by SessionStart or UserPromptSubmit. */
export function additionalContext(hookEventName: "SessionStart" | "UserPromptSubmit", text: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: text } })}\n`;
}
