// `foundry search <query> [--limit N] [--type T]`: memory_search's ranked answer, for people.
import { FACT_TYPES } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { integerFlag, parseOptions, withMemory } from "../options";

async function runSearch(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("search", args, { flags: { limit: "value", type: "value" }, positionals: ["query"] }, context);
  if (typeof parsed === "number") return parsed;
  const limit = integerFlag("search", "limit", parsed.values.limit, 1, 25, context);
  if (typeof limit === "object") return limit.code;
  return withMemory("search", context, ["limit", "type"], async (memory) => {
    const result = await memory.search({ query: parsed.positionals[0] as string, type: parsed.values.type, limit });
    context.stdout(`${result.text}\n`);
    return 0;
  });
}

/** `foundry search`. */
export const searchCommand: FoundryCommand = {
  name: "search",
  summary: "ranked keyword search over the active facts (memory_search)",
  usage: `Usage: foundry [--root DIR] search <query> [--limit N] [--type T]

Prints the active facts that best match <query>, best first, as memory_search
answers the model: id, type, confidence, title, body, source and scope.
  --limit N  how many facts, 1 to 25 (default memoryRetrieval.maxFacts, 8)
  --type T   only facts of one type: ${FACT_TYPES.join(" | ")}
`,
  run: runSearch,
};
