// Types of conformance.mjs for the TypeScript tests that import it.
export interface ScenarioResult {
  passed: number;
  failed: number;
}
export interface BaselineEntry {
  entry: string;
  scenario: string;
  check: string | undefined;
  reason: string;
}
export declare function conformanceCli(packageDir: string): string;
export declare function runConformance(cli: string, args: string[], options: { cwd: string; timeoutMs?: number; env?: Record<string, string> }): Promise<{ code: number; output: string }>;
export declare function scenarioResults(output: string): Map<string, ScenarioResult>;
export declare function singleScenarioResult(output: string): ScenarioResult | undefined;
export declare function readBaseline(file: string, section: "server" | "client" | "authorization"): BaselineEntry[];
export declare function judgeBaseline(results: Map<string, ScenarioResult>, entries: BaselineEntry[]): string[];
export declare function passCount(results: Map<string, ScenarioResult>, required: string[]): number;
export declare function requiredScenarios(cli: string, revision: string, leg: "server" | "client"): string[];
