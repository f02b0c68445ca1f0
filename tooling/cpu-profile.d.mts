// Types of cpu-profile.mjs for the TypeScript tests that import it.
export interface Region {
  line: number;
  module: string;
}
export interface FunctionSelfTime {
  functionName: string;
  module: string;
  selfUs: number;
  runtimeUs: number;
}
export declare function bundleRegions(file: string): Region[];
export declare function moduleName(bundled: string): string;
export declare function selfTimes(profile: unknown, bundle: string, fromUs?: number, toUs?: number): { functions: FunctionSelfTime[]; busyUs: number };
export declare function functionLocation(callFrame: { functionName: string; url: string; lineNumber: number }): string;
export declare function selfTimesByLocation(profile: unknown, fromUs?: number, toUs?: number): Map<string, number>;
export declare function groupedSelfUs(functions: FunctionSelfTime[], group: (entry: FunctionSelfTime) => string | undefined, withRuntime?: boolean): Map<string, number>;
