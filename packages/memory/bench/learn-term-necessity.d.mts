// Types of learn-term-necessity.mjs for the tests.
import type { DevMemory, DevQuestion } from "./dev-set-list.mjs";

export declare const MIN_ASKED_PER_SET: number;
export declare const MIN_SETS: number;
export declare const MIN_QUESTIONS: number;
export declare const NEEDED_SHARE: number;
export declare const PRIOR_QUESTIONS: number;
export declare const FLOOR: number;
export declare function learnTermNecessity(sets: Array<[string, DevQuestion[], DevMemory[]]>, tokenize: (text: string) => string[], exclude?: ReadonlySet<string>): Array<[string, number]>;
export declare function tableModule(table: Array<[string, number]>): string;
