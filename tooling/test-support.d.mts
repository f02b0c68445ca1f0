// Types of test-support.mjs for the TypeScript tests that import it.
/** A TCP port free on 127.0.0.1 right now. */
export declare function freePort(): Promise<number>;
/** A seeded random source in [0, 1) (mulberry32). */
export declare function seededRandom(seed: number): () => number;
