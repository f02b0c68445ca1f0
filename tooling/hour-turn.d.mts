// Types of hour-turn.mjs for the TypeScript tests that import it.
/** Resolves at once, or just after the next HH:00 when that is less than `neededMs` away. */
export declare function clearOfHourTurn(neededMs: number): Promise<void>;
