// `foundry migrate`: moves a project's memory to the merge-safe layout in one commit-sized
// change. Fact files are not renamed (their ids stay valid wherever they were quoted); what
// changes is how new facts are written: `memoryStore.layout: "merge-safe"` in
// .foundry/config.json (random ids, no rewrite of a superseded fact), INDEX.md git-ignored and
// no longer tracked. In a git work tree the change is staged, ready for one commit.

import { execFileSync } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { FoundryMemory, insideGitWorkTree } from "@foundry-mcp/memory";
import { unknownArgument } from "./command";
import type { CommandContext, FoundryCommand } from "./command";

/** The config file's JSON object with `memoryStore.layout` set to merge-safe (other keys kept). */
function withMergeSafeLayout(configPath: string): { text: string; changed: boolean } {
  const config = existsSync(configPath) ? (JSON.parse(readFileSync(configPath, "utf8")) as Record<string, unknown>) : {};
  const store = (config.memoryStore ?? {}) as Record<string, unknown>;
  const changed = store.layout !== "merge-safe";
  config.memoryStore = { ...store, layout: "merge-safe" };
  return { text: `${JSON.stringify(config, null, 2)}\n`, changed };
}

function git(root: string, args: readonly string[]): string {
  return execFileSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function tracked(root: string, file: string): boolean {
  try {
    git(root, ["ls-files", "--error-unmatch", "--", file]);
    return true;
  } catch {
    return false;
  }
}

async function runMigrate(args: readonly string[], context: CommandContext): Promise<number> {
  if (args.length > 0) return unknownArgument("migrate", args[0] as string, context);
  const memory = new FoundryMemory({ root: context.root });
  try {
    // Validates the current config first: a broken file is reported, never overwritten.
    await memory.config();
    const configPath = memory.paths.config;
    const { text, changed } = withMergeSafeLayout(configPath);
    if (changed) await writeFileAtomic(configPath, text);
    const stored = (await memory.storedFacts()).length;
    // Rebuilding under the new layout also writes memory/INDEX.md into .foundry/.gitignore.
    await memory.rebuildIndex();
    const lines = [
      `Migrated ${memory.paths.memory} to the merge-safe layout${changed ? "" : " (the config already said so)"}:`,
      `- .foundry/config.json: memoryStore.layout is "merge-safe": new facts get random ids like fact-4821390751 and never rewrite the fact they supersede; the ${stored} stored ${stored === 1 ? "fact keeps its id" : "facts keep their ids"}.`,
      "- .foundry/.gitignore: memory/INDEX.md, rebuilt from the facts wherever it is needed, so it never conflicts.",
    ];
    if (insideGitWorkTree(context.root)) {
      const index = path.relative(context.root, memory.paths.index);
      if (tracked(context.root, index)) {
        git(context.root, ["rm", "--cached", "--quiet", "--", index]);
        lines.push(`- ${index}: no longer tracked by git (git rm --cached; the file stays).`);
      }
      git(context.root, ["add", "--", path.relative(context.root, configPath), path.relative(context.root, memory.paths.gitignore)]);
      lines.push('Staged; finish with: git commit -m "Move foundry memory to the merge-safe layout"');
    }
    context.stdout(`${lines.join("\n")}\n`);
    return 0;
  } finally {
    await memory.close();
  }
}

/** `foundry migrate`. */
export const migrateCommand: FoundryCommand = {
  name: "migrate",
  summary: "move the memory to the merge-safe layout (random ids, INDEX.md git-ignored)",
  usage: `Usage: foundry [--root DIR] migrate

Moves the project's memory to the merge-safe layout, so facts written on parallel
branches or worktrees merge without conflicts:
  - sets memoryStore.layout to "merge-safe" in .foundry/config.json: new facts
    get random ten-digit ids (fact-4821390751) and superseding a fact no longer
    rewrites its file; stored facts keep their ids;
  - adds memory/INDEX.md to .foundry/.gitignore and, in a git work tree, stops
    tracking it (git rm --cached);
  - in a git work tree, stages the change for one commit.
Running it again changes nothing.
`,
  run: runMigrate,
};
