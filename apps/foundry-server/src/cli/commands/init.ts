// `foundry init`: starts a project's memory: .foundry/ with config.json (the defaults, spelled
// out so people see what to change), an empty INDEX.md, and .foundry/.gitignore entries, all
// written by the memory package itself. Refuses when .foundry/ exists: nothing is overwritten.
import { existsSync, mkdirSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { DEFAULT_CONFIG } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

const CONFIG = {
  memoryRetrieval: { maxFacts: DEFAULT_CONFIG.maxFacts },
  memoryIndex: { budgetTokens: DEFAULT_CONFIG.budgetTokens },
};

async function runInit(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("init", args, { flags: {}, positionals: [] }, context);
  if (typeof parsed === "number") return parsed;
  return withMemory("init", context, [], async (memory) => {
    const { foundry, config, index, gitignore } = memory.paths;
    if (existsSync(foundry)) {
      context.stderr(`foundry init: ${foundry} already exists; nothing was changed. Run foundry doctor to check it.\n`);
      return 1;
    }
    mkdirSync(foundry, { recursive: true });
    await writeFileAtomic(config, `${JSON.stringify(CONFIG, null, 2)}\n`);
    // The first event keeps metrics/ out of git; a merge-safe store's index build adds its lines.
    await memory.recordEvent("foundry_init");
    const { layout } = await memory.layout();
    await memory.rebuildIndex();
    const relative = (file: string): string => path.relative(context.root, file);
    context.stdout(
      [
        `Created ${foundry} (root from ${context.rootSource}):`,
        `- ${relative(config)}: memoryRetrieval.maxFacts ${DEFAULT_CONFIG.maxFacts}, memoryIndex.budgetTokens ${DEFAULT_CONFIG.budgetTokens}`,
        `- ${relative(index)}: the index, empty until a fact is written`,
        `- ${relative(gitignore)}: keeps local files out of git (layout: ${layout})`,
        "Next: foundry write --help, or foundry import MEMORY.md / an ADR folder.",
      ].join("\n") + "\n",
    );
    return 0;
  });
}

/** `foundry init`. */
export const initCommand: FoundryCommand = {
  name: "init",
  summary: "create .foundry/ with config.json and its .gitignore entries",
  usage: `Usage: foundry [--root DIR] init

Creates .foundry/ in the project root: config.json with the default settings
(memoryRetrieval.maxFacts, memoryIndex.budgetTokens), memory/INDEX.md, and
.foundry/.gitignore listing what stays local (metrics/, and in a git work tree
the merge-safe layout's cache/ and memory/INDEX.md).
Exit code 1, changing nothing, when .foundry/ already exists.
`,
  run: runInit,
};
