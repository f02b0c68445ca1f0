// Types of node-runtime.mjs for the TypeScript tests that import it.
export declare const NODE_RUNTIMES: Record<number, string>;
export interface NodeRuntime {
  bin: string;
  binDir: string;
  nodedir: string | undefined;
}
export declare function nodeRuntime(major: number): NodeRuntime;
export declare function nodeAtLeast(major: number): string;
export declare function nodedirFor(execPath: string, version: string): string | undefined;
