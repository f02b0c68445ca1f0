// The input side every foundry-core context hook shares, apart from the memory store so the
// prompt-recall hook's fast path (prompt-recall-fast.ts) loads none of it: the event JSON Claude
// Code pipes on stdin (bounded), the project the server would serve when it has .foundry/, and
// Claude Code's JSON for added context.
import fs from "node:fs";
import path from "node:path";
import { findProjectRoot } from "../project-root";
import { isJsonObject } from "@foundry-mcp/core/json";

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

/** Thrown for input the hook cannot use; the message goes to stderr as is. */
export class HookInputError extends Error {}

export function readHookInput(): HookInput {
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
  if (!isJsonObject(parsed)) throw new HookInputError("its input is not a JSON object; nothing was added.");
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

/** Claude Code's JSON for context added by SessionStart or UserPromptSubmit. */
export function additionalContext(hookEventName: "SessionStart" | "UserPromptSubmit", text: string): string {
  return `${JSON.stringify({ hookSpecificOutput: { hookEventName, additionalContext: text } })}\n`;
}
