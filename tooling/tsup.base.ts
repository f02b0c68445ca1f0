// Shared tsup settings every package spreads: ESM + bundled .d.ts, Node 20 target, clean dist.
import type { Options } from "tsup";

export const libraryBuild: Options = {
  entry: ["src/index.ts"],
  format: ["esm"],
  target: "node20",
  platform: "node",
  dts: true,
  clean: true,
  sourcemap: true,
  splitting: false,
  treeshake: true,
};

/**
 * A one-file executable: every dependency bundled, so the output runs with plain `node`
 * from any folder. `external` names native modules that cannot be bundled.
 */
export function appBundle(entry: Record<string, string>, external: string[] = []): Options {
  // tsup lets `noExternal` win over `external`, so the bundled set must leave the externals out.
  const escaped = external.map((name) => name.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&"));
  const bundled = escaped.length ? new RegExp(`^(?!(?:${escaped.join("|")})(?:$|/)).*`) : /.*/;
  return {
    entry,
    format: ["esm"],
    target: "node20",
    platform: "node",
    outExtension: () => ({ js: ".mjs" }),
    dts: false,
    clean: true,
    splitting: false,
    sourcemap: false,
    noExternal: [bundled],
    external,
    banner: {
      // Bundled CommonJS dependencies call require(); give them one.
      js: 'import { createRequire as __foundryCreateRequire } from "node:module"; const require = __foundryCreateRequire(import.meta.url);',
    },
  };
}
