// `foundry show <id>`: one stored fact, active or not, as memory_search shows it, plus what
// keeps it out of search when it is not active.
import { formatFactBlock } from "@foundry-mcp/memory";
import type { Fact } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

/** The stored fact `wanted` names: its id, else the one id it begins (a shortened id). */
function findFact(stored: readonly Fact[], wanted: string): { fact?: Fact; candidates: readonly Fact[] } {
  const exact = stored.find((fact) => fact.id === wanted);
  if (exact) return { fact: exact, candidates: [exact] };
  const candidates = stored.filter((fact) => fact.id.startsWith(wanted));
  return candidates.length === 1 ? { fact: candidates[0], candidates } : { candidates };
}

async function runShow(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("show", args, { flags: {}, positionals: ["id"] }, context);
  if (typeof parsed === "number") return parsed;
  const wanted = parsed.positionals[0] as string;
  return withMemory("show", context, [], async (memory) => {
    const stored = await memory.storedFacts();
    const { fact, candidates } = findFact(stored, wanted);
    if (!fact) {
      const why = candidates.length > 1 ? `begins ${candidates.length} fact ids (${candidates.slice(0, 5).map((one) => one.id).join(", ")}${candidates.length > 5 ? ", …" : ""}); give more of it` : "is not a stored fact id; foundry list and foundry search show ids";
      context.stderr(`foundry show: "${wanted}" ${why}.\n`);
      return 1;
    }
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

Prints the stored fact with this id (or the one id it begins) as memory_search
shows it; a fact that is not active says what superseded it.
Exit code 1 when no stored fact has the id.
`,
  run: runShow,
};
