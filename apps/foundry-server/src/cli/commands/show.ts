// `foundry show <id>`: one stored fact, active or not, as memory_search shows it, plus what
// keeps it out of search when it is not active.
import { MemoryError, formatFactBlock } from "@foundry-mcp/memory";
import type { Fact } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

async function runShow(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("show", args, { flags: {}, positionals: ["id"] }, context);
  if (typeof parsed === "number") return parsed;
  const wanted = parsed.positionals[0] as string;
  return withMemory("show", context, [], async (memory) => {
    const stored = await memory.storedFacts();
    if (!stored.some((one) => one.id.startsWith(wanted))) {
      context.stderr(`foundry show: "${wanted}" is not a stored fact id; foundry list and foundry search show ids.\n`);
      return 1;
    }
    let id: string;
    try {
      // The same resolution as memory_write's supersedes: a whole id or the short form search shows.
      id = await memory.resolveId(wanted, "id");
    } catch (error) {
      if (!MemoryError.isInstance(error)) throw error;
      context.stderr(`foundry show: ${error.message}\n`);
      return 1;
    }
    const fact = stored.find((one) => one.id === id) as Fact;
    const active = (await memory.activeFacts()).some((one) => one.id === fact.id);
    const replacer = fact.supersededBy ?? stored.find((one) => one.supersedes === fact.id)?.id;
    const status = active ? "" : `\n(not active: ${replacer ? `superseded by ${replacer}` : "expired or set aside by a merge (foundry doctor says why)"})`;
    context.stdout(`${formatFactBlock(fact)}${status}\n`);
    return 0;
  });
}

/** `foundry show`. */
export const showCommand: FoundryCommand = {
  name: "show",
  summary: "print one stored fact by id, active or not",
  usage: `Usage: foundry [--root DIR] show <id>

Prints the stored fact with this id (or the short form memory_search shows: a
unique beginning of at least six digits) with its whole id; a fact that is not
active says what superseded it.
Exit code 1 when no stored fact has the id.
`,
  run: runShow,
};
