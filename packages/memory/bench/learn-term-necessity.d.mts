// Types of learn-term-necessity.mjs for the tests.
import type { Fact } from "../src/index";
import type { DevMemory, DevQuestion } from "./dev-set-list.mjs";

export declare const MIN_ASKED_PER_SET: number;
export declare const MIN_SETS: number;
export declare const MIN_QUESTIONS: number;
export declare const NEEDED_SHARE: number;
export declare const PRIOR_QUESTIONS: number;
export declare const FLOOR: number;
/** The package's search pieces the learner uses. */
export interface SearchPieces {
  buildSearchIndex(facts: readonly Fact[]): unknown;
  rankFacts(index: never, query: string, options: { limit: number }): ReadonlyArray<{ fact: Fact }>;
  tokenize(text: string): string[];
}
export declare function learnTermNecessity(sets: Array<[string, DevQuestion[], DevMemory[]]>, search: SearchPieces, exclude?: ReadonlySet<string>): Array<[string, number]>;
export declare function tableModule(table: Array<[string, number]>): string;
