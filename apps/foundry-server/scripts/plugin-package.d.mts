// Types of plugin-package.mjs, for tsup.config.ts.
export declare const PLUGIN_PACKAGE: string;
export declare const PLUGIN_FOLDER: string;
export declare const HOOK_NAMES: readonly string[];
