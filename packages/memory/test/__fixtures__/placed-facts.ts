// Fact files put straight into a store's folder, as a git merge or checkout brings them.
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { serializeFact } from "../../src/index";
import type { Fact } from "../../src/index";

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
