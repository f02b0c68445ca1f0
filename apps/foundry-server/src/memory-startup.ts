// What foundry-server says about the memory as it starts: after a merge or pull the store may
// hold facts it resolved by replaying the write rules, files it cannot read (leftover conflict
// markers) or links to facts not merged yet. Each goes to stderr once, so nothing a merge did
// is silent; a merge-safe store's git-ignored INDEX.md that exists is brought up to date at the same time.
import { existsSync } from "node:fs";
import { checkMemory } from "@foundry-mcp/memory";
import type { FoundryMemory } from "@foundry-mcp/memory";

/** Logs the memory's merge, file and link findings; never rejects (the server serves regardless). */
export async function reportMemoryOnStart(memory: FoundryMemory, log: (line: string) => void): Promise<void> {
  try {
    for (const finding of await checkMemory(memory, { index: false })) {
      if (finding.topic === "merge" || finding.topic === "file" || finding.topic === "link") log(`foundry-server: memory ${finding.text}`);
    }
    // Only an INDEX.md that exists: a missing one is built when first read, as before.
    if (existsSync(memory.paths.index) && (await memory.layout()).layout === "merge-safe" && !(await memory.indexFreshness()).fresh)
      await memory.rebuildIndex();
  } catch (error) {
    log(`foundry-server: memory check failed: ${error instanceof Error ? error.message : String(error)}`);
  }
}
