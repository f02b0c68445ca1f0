// Fact files put straight into a store's folder, as a git merge or checkout brings them, and a
// fresh store per test in a temp git work tree.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach } from "vitest";
import { FoundryMemory, serializeFact } from "../../src/index";
import type { Fact } from "../../src/index";
import { makeTempRoot } from "./temp-root";

/** The facts folder of the store at `root`. */
export const factsFolder = (root: string): string => path.join(root, ".foundry/memory/facts");

/** Writes `fact` as its own file under `root`'s facts folder. */
export function placeFact(root: string, fact: Fact): void {
  mkdirSync(factsFolder(root), { recursive: true });
  writeFileSync(path.join(factsFolder(root), `${fact.id}.md`), serializeFact(fact));
}

/** A high-confidence project convention whose body is its title and a full stop. */
export function conventionFact(id: string, title: string, created: string, extra: Partial<Fact> = {}): Fact {
  return { id, type: "convention", title, body: `${title}.`, scope: "project", tags: [], confidence: "high", source: "code", created, ...extra };
}

/**
 * Registers a fresh store per test at `now` in a temp root that is a git work tree to the store
 * (a `.git` folder, so new stores are merge-safe); closed and removed after each test.
 */
export function gitTreeMemory(now: Date): { readonly root: string; readonly memory: FoundryMemory } {
  let current: { root: string; cleanup: () => void; memory: FoundryMemory } | undefined;
  beforeEach(() => {
    const { root, cleanup } = makeTempRoot();
    mkdirSync(path.join(root, ".git"));
    current = { root, cleanup, memory: new FoundryMemory({ root, now: () => now }) };
  });
  afterEach(async () => {
    await current?.memory.close();
    current?.cleanup();
    current = undefined;
  });
  const started = (): NonNullable<typeof current> => {
    if (!current) throw new Error("gitTreeMemory is used outside a test");
    return current;
  };
  return {
    get root() {
      return started().root;
    },
    get memory() {
      return started().memory;
    },
  };
}
