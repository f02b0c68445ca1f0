// A fact superseded on one branch and edited on another merges cleanly (the edit lands in the old
// file, the new fact's `supersedes` still holds), so the supersession wins and the edit is not
// active. That is memory_write's rule, but the person who made the edit should hear of it:
// `foundry doctor` asks git which edits of a superseded fact's file the superseding fact's
// commit had not seen, and names each.
import { spawnSync } from "node:child_process";
import path from "node:path";
import type { Fact } from "@foundry-mcp/memory";

function git(root: string, args: readonly string[]): { status: number; stdout: string } {
  const result = spawnSync("git", args, { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"], maxBuffer: 64 * 1024 * 1024 });
  return { status: result.status ?? -1, stdout: result.stdout ?? "" };
}

/** Fact file name → the commits that touched it, newest first (one `git log` for the folder). */
function commitsByFile(root: string, factsFolder: string): Map<string, string[]> {
  const log = git(root, ["log", "--format=%x00%H", "--name-only", "--no-renames", "--", factsFolder]);
  const byFile = new Map<string, string[]>();
  if (log.status !== 0) return byFile;
  for (const block of log.stdout.split("\0").slice(1)) {
    const [commit = "", ...files] = block.split("\n").filter(Boolean);
    for (const file of files) {
      const name = path.basename(file);
      const list = byFile.get(name);
      if (list) list.push(commit);
      else byFile.set(name, [commit]);
    }
  }
  return byFile;
}

/**
 * One line per edit of a superseded fact that its superseding fact never saw (the edit's commit
 * is not an ancestor of the commit that added the superseding fact). Empty outside git.
 */
export function unseenEditsOfSupersededFacts(root: string, factsFolder: string, facts: readonly Fact[]): string[] {
  const superseding = facts.filter((fact) => fact.supersedes);
  if (superseding.length === 0) return [];
  const byFile = commitsByFile(root, factsFolder);
  const stored = new Map(facts.map((fact) => [fact.id, fact]));
  const lines: string[] = [];
  for (const newer of superseding) {
    const older = stored.get(newer.supersedes as string);
    const added = byFile.get(`${newer.id}.md`)?.at(-1);
    const edits = byFile.get(`${older?.id}.md`)?.slice(0, -1) ?? [];
    if (!older || !added) continue;
    for (const edit of edits) {
      if (edit === added || git(root, ["merge-base", "--is-ancestor", edit, added]).status === 0) continue;
      lines.push(
        `edit: ${older.id} "${older.title}" was changed in commit ${edit.slice(0, 7)}, which ${newer.id} "${newer.title}" never saw; ${newer.id} supersedes it, so that edit is not active. If it still holds, write it again with memory_write.`,
      );
    }
  }
  return lines;
}
