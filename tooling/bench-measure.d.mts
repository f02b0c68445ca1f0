// Types of bench-measure.mjs for the TypeScript tests that import it.
export declare function percentile(values: number[], p: number): number;
export declare function median(values: number[]): number;
export declare function table(header: string[], rows: string[][]): string;
export declare function fixed(value: number, digits?: number): string;
export declare function spread(values: number[], digits?: number, unit?: string): string;
export declare function medianInterval(values: number[], level?: number, resamples?: number, seed?: number): [number, number] | undefined;
export declare function cpuMs(pid: number): number | undefined;
export declare function childPids(pid: number): number[];
export declare function machineTicks(): { busy: number; total: number };
