// The version of foya, baked in from package.json at build time (tsup `define`).

declare const __FOYA_VERSION__: string | undefined;

/** foya's version; "0.0.0-dev" when run from source without the build's define. */
export const FOYA_VERSION = typeof __FOYA_VERSION__ === "string" ? __FOYA_VERSION__ : "0.0.0-dev";
