// Search over a few facts held in memory: the ids FoundryMemory.search ranks for a question, for
// ranking tests that need no files (the in-memory driver; the root is never written).
import { FoundryMemory, InMemoryFactStore, type Fact } from "../../src/index";

/** A function giving the ids `memory_search` ranks for a query over `facts`, best first. */
export function rankedIdsOver(facts: Fact[]): (query: string) => Promise<string[]> {
  const memory = new FoundryMemory({ root: "/nonexistent-ranking-test", driver: new InMemoryFactStore(facts) });
  return async (query) => (await memory.search({ query })).hits.map((hit) => hit.fact.id);
}

/** A function giving the id `memory_search` ranks first for a query over `facts` (undefined for no hit). */
export function firstRankedIdOver(facts: Fact[]): (query: string) => Promise<string | undefined> {
  const ranked = rankedIdsOver(facts);
  return async (query) => (await ranked(query))[0];
}
