// Types of dev-set-list.mjs for the tests (the term-necessity table's test learns from the dev sets).
import type { Fact } from "../src/index";

/** One question: its text, the keys of the facts that answer it, and the memory it is asked of. */
export interface DevQuestion {
  query: string;
  relevant: string[];
  memory: string;
}
/** One memory: its facts and each fact's key. */
export interface DevMemory {
  name: string;
  facts: Fact[];
  keyOf: Map<string, string>;
}
export declare function devSets(): Array<[set: string, questions: DevQuestion[], memories: DevMemory[]]>;
