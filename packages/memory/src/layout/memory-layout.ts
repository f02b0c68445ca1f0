// Which layout a store writes in. "merge-safe": random ids, no back-pointer written into the
// superseded fact's file, INDEX.md git-ignored — so fact files are only ever added, and git
// merges of branches that wrote memory apart never conflict. "sequential": the original layout
// (fact-0001…, supersededBy written into the old file, INDEX.md wherever the project keeps it).
// Existing stores keep the layout they were written in until `foundry migrate`; a new store
// inside a git work tree starts merge-safe, since that is where branches exist.

import { statSync } from "node:fs";
import path from "node:path";
import { factIdNumber } from "../facts/fact-file";
import { isMergeSafeIdNumber } from "./fact-ids";

/** The layouts a store can be written in (`memoryStore.layout` in `.foundry/config.json`). */
export const MEMORY_LAYOUTS = ["sequential", "merge-safe"] as const;
/** One of {@link MEMORY_LAYOUTS}. */
export type MemoryLayout = (typeof MEMORY_LAYOUTS)[number];

/** The layout in force and the reason, for messages (`foundry doctor`). */
export interface LayoutChoice {
  readonly layout: MemoryLayout;
  readonly reason: "config" | "sequential facts stored" | "git work tree" | "no git work tree";
}

/** True when `root` or a folder above it holds `.git` (a folder, or the file of a worktree). */
export function insideGitWorkTree(root: string): boolean {
  for (let dir = path.resolve(root); ; dir = path.dirname(dir)) {
    try {
      statSync(path.join(dir, ".git"));
      return true;
    } catch {
      // not here; look one level up
    }
    if (path.dirname(dir) === dir) return false;
  }
}

/**
 * The layout to write in: the configured one, else sequential while any sequential id is stored
 * (an existing store is read and written as is until migrated), else merge-safe inside a git
 * work tree and sequential outside one.
 */
export function chooseLayout(configured: MemoryLayout | undefined, storedIds: Iterable<string>, root: string): LayoutChoice {
  if (configured) return { layout: configured, reason: "config" };
  for (const id of storedIds) {
    if (!isMergeSafeIdNumber(factIdNumber(id))) return { layout: "sequential", reason: "sequential facts stored" };
  }
  return insideGitWorkTree(root) ? { layout: "merge-safe", reason: "git work tree" } : { layout: "sequential", reason: "no git work tree" };
}
