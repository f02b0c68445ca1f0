// `foundry list [--type T]`: every active fact, in INDEX.md's priority order, each as
// memory_search shows it (the memory package renders it, ids included).
import { FACT_TYPES, formatFactBlock } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

async function runList(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("list", args, { flags: { type: "value" }, positionals: [] }, context);
  if (typeof parsed === "number") return parsed;
  const type = parsed.values.type;
  if (type !== undefined && !(FACT_TYPES as readonly string[]).includes(type)) {
    context.stderr(`foundry list: --type "${type}" is not one of ${FACT_TYPES.join(" | ")}. Run foundry list --help.\n`);
    return 2;
  }
  return withMemory("list", context, [], async (memory) => {
    const active = await memory.activeFacts();
    const facts = type === undefined ? active : active.filter((fact) => fact.type === type);
    const what = `${facts.length} active ${type === undefined ? "" : `${type} `}${facts.length === 1 ? "fact" : "facts"}`;
    context.stdout(facts.length === 0 ? `${what}.\n` : `${what}:\n\n${facts.map((fact) => formatFactBlock(fact)).join("\n\n")}\n`);
    return 0;
  });
}

/** `foundry list`. */
export const listCommand: FoundryCommand = {
  name: "list",
  summary: "print the active facts, constraints and decisions first",
  usage: `Usage: foundry [--root DIR] list [--type T]

Prints every active fact (not superseded, not expired) in the index's priority
order: constraints and decisions first, high confidence first, newest first.
  --type T  only facts of one type: ${FACT_TYPES.join(" | ")}
`,
  run: runList,
};
