// Types of the parts of quality.mjs tests use (the labelled facts, the public question sets, synthetic facts).
import type { Fact } from "../src/index";

export declare const MEMORY_SETS: ReadonlyArray<readonly [set: string, label: string, questions: ReadonlyArray<{ query: string; relevant: string[] }>]>;
export declare function labelledFacts(): { facts: Fact[]; keyOf: Map<string, string> };
export declare function syntheticFacts(size: number): Fact[];
