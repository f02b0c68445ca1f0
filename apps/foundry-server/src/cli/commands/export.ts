// `foundry export`: every stored fact, active or not, as JSON Lines on stdout (one fact a
// line, every field of its file), the format `foundry import` reads back.
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

async function runExport(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("export", args, { flags: {}, positionals: [] }, context);
  if (typeof parsed === "number") return parsed;
  return withMemory("export", context, [], async (memory) => {
    for (const fact of await memory.storedFacts()) context.stdout(`${JSON.stringify(fact)}\n`);
    return 0;
  });
}

/** `foundry export`. */
export const exportCommand: FoundryCommand = {
  name: "export",
  summary: "print every stored fact as JSON Lines (one fact a line, every field)",
  usage: `Usage: foundry [--root DIR] export > facts.jsonl

Writes every stored fact, active or superseded, to stdout as JSON Lines: one
object a line with every field of its file (id, type, title, body, scope, tags,
confidence, source, created, and expires, supersedes, supersededBy when set).
foundry import reads the file back.
`,
  run: runExport,
};
