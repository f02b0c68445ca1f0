// Types of the parts of quality.mjs tests use (the labelled facts, the public question sets, synthetic facts).
import type { Fact } from "../src/index";

export declare const MEMORY_SETS: ReadonlyArray<readonly [set: string, label: string, questions: ReadonlyArray<{ query: string; relevant: string[] }>]>;
export declare function labelledFacts(): { facts: Fact[]; keyOf: Map<string, string> };
export declare function syntheticFacts(size: number): Fact[];
/** Holdout 17's memories (dev since session 38): name, stored facts and id → key map of each. */
export declare function holdout17Memories(): Array<{ name: string; facts: Fact[]; keyOf: Map<string, string> }>;
