// `foundry index`: rebuilds INDEX.md and prints memory_index's answer.
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

async function runIndex(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("index", args, { flags: {}, positionals: [] }, context);
  if (typeof parsed === "number") return parsed;
  return withMemory("index", context, [], async (memory) => {
    context.stdout(`${(await memory.rebuildIndex()).text}\n`);
    return 0;
  });
}

/** `foundry index`. */
export const indexCommand: FoundryCommand = {
  name: "index",
  summary: "rebuild .foundry/memory/INDEX.md within its token budget (memory_index)",
  usage: `Usage: foundry [--root DIR] index

Rebuilds .foundry/memory/INDEX.md from the active facts within
memoryIndex.budgetTokens and prints where it wrote and how much it lists.
`,
  run: runIndex,
};
