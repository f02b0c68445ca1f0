// Where everything lives under `<root>/.foundry/` (SPEC §2 table), in one place.

import path from "node:path";

/** Absolute paths of the files this package reads and writes for one project root. */
export interface FoundryPaths {
  readonly root: string;
  readonly foundry: string;
  readonly config: string;
  readonly memory: string;
  readonly facts: string;
  readonly index: string;
  readonly lock: string;
  readonly idCounter: string;
  readonly runbooks: string;
  readonly metrics: string;
  readonly events: string;
  readonly gitignore: string;
  /** `.foundry/cache/`: rebuildable data, kept out of git. */
  readonly cache: string;
  readonly savedIndex: string;
  /** What the prompt-recall hook ranks with, read alone (recall/recall-index-file.ts). */
  readonly recallIndex: string;
}

/** Resolves the layout for `root` (made absolute). */
export function foundryPaths(root: string): FoundryPaths {
  const absoluteRoot = path.resolve(root);
  const foundry = path.join(absoluteRoot, ".foundry");
  const memory = path.join(foundry, "memory");
  const metrics = path.join(foundry, "metrics");
  return {
    root: absoluteRoot,
    foundry,
    config: path.join(foundry, "config.json"),
    memory,
    facts: path.join(memory, "facts"),
    index: path.join(memory, "INDEX.md"),
    lock: path.join(memory, ".lock"),
    idCounter: path.join(memory, ".last-id"),
    runbooks: path.join(foundry, "runbooks"),
    metrics,
    events: path.join(metrics, "events.jsonl"),
    gitignore: path.join(foundry, ".gitignore"),
    cache: path.join(foundry, "cache"),
    savedIndex: path.join(foundry, "cache", "memory-index.json"),
    recallIndex: path.join(foundry, "cache", "recall-index.bin"),
  };
}
