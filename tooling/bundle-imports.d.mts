// Types of bundle-imports.mjs, for the TypeScript tests that read bundles with it.
export declare function packageOf(specifier: string): string;
export declare function importSpecifiers(source: string): { static: string[]; dynamic: string[] };
export declare function bundleImports(source: string): { static: string[]; dynamic: string[] };
export declare function namedPackages(source: string, candidates: readonly string[]): string[];
