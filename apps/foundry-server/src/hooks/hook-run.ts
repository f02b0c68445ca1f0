// What every foundry-core context hook shares (SessionStart, UserPromptSubmit, SubagentStop,
// PreCompact): read the event JSON Claude Code pipes on stdin, find the project the server
// would serve, stay silent where it has no .foundry/ (installing the plugin must never create
// one), and never fail the session: any error is one line on stderr and exit code 0. The memory
// store is opened without a directory watch (a hook lives for one event) and nothing here takes
// the write lock.
import { FoundryMemory, MarkdownFactStore } from "@foundry-mcp/memory";
import { additionalContext, MAX_HOOK_INPUT_BYTES, projectWithMemory, readHookInput } from "./hook-input";
import type { HookInput } from "./hook-input";
import { readHookConfig } from "./hook-config";
import type { HookConfig } from "./hook-config";

export { additionalContext, MAX_HOOK_INPUT_BYTES, projectWithMemory };
export type { HookInput };

/** What a hook works with: the project root, its memory and the hook settings. */
export interface HookContext {
  input: HookInput;
  root: string;
  memory: FoundryMemory;
  config: HookConfig;
}

/** How {@link runHook} runs. */
export interface RunHookOptions {
  /** The event JSON when the caller has read stdin already (the prompt-recall fast path did). */
  input?: HookInput;
  /** Save the recall index after answering: `always` (UserPromptSubmit's full path ran because it was not usable) or `unless-current` (SessionStart). */
  saveRecallIndex?: "always" | "unless-current";
}

/**
 * Runs one hook: `handle` returns what goes to stdout (JSON or plain text, as the event wants)
 * or undefined for nothing. Exit code 0 in every case, so a prompt or a sub-agent is never held up.
 */
export async function runHook(event: string, handle: (context: HookContext) => Promise<string | undefined>, options: RunHookOptions = {}): Promise<void> {
  let memory: FoundryMemory | undefined;
  try {
    const input = options.input ?? readHookInput();
    const root = projectWithMemory(input);
    if (root !== undefined) {
      memory = new FoundryMemory({ root, driver: new MarkdownFactStore({ root, watch: "off" }) });
      const config = readHookConfig(memory.paths.config);
      const output = await handle({ input, root, memory, config });
      if (output !== undefined && output !== "") process.stdout.write(output);
      // After the answer: the index the next prompt's fast path ranks with (prompt-recall-fast.ts).
      if (options.saveRecallIndex) await memory.saveRecallIndex({ unlessCurrent: options.saveRecallIndex === "unless-current" });
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`foundry-core ${event} hook: ${message}\n`);
  } finally {
    await memory?.close();
  }
  // When this run had to read many fact files, close() above has written the store's index for
  // the next cold start (.foundry/cache/, after the answer went out), and every later hook starts
  // from it even in a session that never calls a memory tool (the server would save it then).
  process.exitCode = 0;
}

