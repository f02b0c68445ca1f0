// Shared tsup settings every package spreads: ESM + bundled .d.ts, Node 20 target, clean dist.
import path from "node:path";
import type { Options } from "tsup";

type EsbuildPlugin = NonNullable<Options["esbuildPlugins"]>[number];

/**
 * zod 4 re-exports all of its ~50 message locales as a namespace (`z.locales`, `core.locales`),
 * which esbuild cannot shake: 370 kB of messages per bundle, twice in foundry-server's tarball.
 * Nothing we bundle (our code, the MCP SDK) picks a locale; zod's own default is English, imported
 * directly. So a bundle's `locales` namespace holds English only.
 */
const zodEnglishOnly: EsbuildPlugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /^\.\.\/locales\/index\.js$/ }, (args) => {
      if (!/[\\/]zod[\\/]v4[\\/](?:classic|core)$/.test(args.resolveDir)) return undefined;
      // The module's path is its name in the bundle's comments: one that does not name the
      // checkout's folder, so a bundle is the same bytes wherever it was built.
      const english = path.join(args.resolveDir, "../locales/en.js");
      return { path: "zod/v4/locales (English only)", namespace: "zod-english-only", pluginData: { english } };
    });
    build.onLoad({ filter: /.*/, namespace: "zod-english-only" }, (args) => {
      const { english } = args.pluginData as { english: string };
      return { contents: `export { default as en } from ${JSON.stringify(english)};`, resolveDir: path.dirname(english), loader: "js" };
    });
  },
};

/**
 * For an app that never serves MCP over HTTP (foundry-server: stdio only): server-kit imports the
 * SDK's Streamable HTTP server transport lazily (decision 0025), and esbuild emits a chunk for
 * every dynamic import it meets, used or not (84 kB twice in foundry-server's tarball, with hono).
 * The dynamic import resolves to a module that says why it is missing instead.
 */
const noHttpServerTransport: EsbuildPlugin = {
  name: "no-http-server-transport",
  setup(build) {
    build.onResolve({ filter: /^@modelcontextprotocol\/sdk\/server\/streamableHttp\.js$/ }, (args) =>
      args.kind === "dynamic-import" ? { path: args.path, namespace: "no-http-server-transport" } : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "no-http-server-transport" }, () => ({
      contents: `throw new Error("This program serves MCP over stdio only: the SDK's Streamable HTTP server transport is not bundled in it.");`,
      loader: "js",
    }));
  },
};

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
 * from any folder. `external` names native modules that cannot be bundled; `stdioOnly` leaves
 * the SDK's HTTP server transport out (an app that never creates an HTTP endpoint).
 */
export function appBundle(entry: Record<string, string>, external: string[] = [], options: { stdioOnly?: boolean } = {}): Options {
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
    esbuildPlugins: options.stdioOnly ? [zodEnglishOnly, noHttpServerTransport] : [zodEnglishOnly],
    banner: {
      // Bundled CommonJS dependencies call require(); give them one.
      js: 'import { createRequire as __foundryCreateRequire } from "node:module"; const require = __foundryCreateRequire(import.meta.url);',
    },
  };
}
