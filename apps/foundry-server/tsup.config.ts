import { defineConfig } from "tsup";
import type { Plugin } from "esbuild";
import { appBundle } from "../../tooling/tsup.base.ts";

/**
 * Marks libraries that only define things when imported (no side effects) as such, which their
 * package.json files do not say: an entry that uses none of their exports (the prompt-recall
 * hook's recall path reaches @foundry-mcp/core's root for its error class only) then loads no
 * chunk holding them. Without it ajv sat in the chunk every hook loads.
 */
const pureLibraries: Plugin = {
  name: "pure-libraries",
  setup(build) {
    build.onResolve({ filter: /^(?:ajv|ajv-formats|yaml|zod)(?:\/|$)/ }, async (args) => {
      if (args.pluginData === "pure-libraries") return undefined;
      const resolved = await build.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, importer: args.importer, pluginData: "pure-libraries" });
      return resolved.errors.length > 0 ? undefined : { path: resolved.path, sideEffects: false };
    });
  },
};

// Two builds. The server: one self-contained file (SPEC: dist/server.mjs runs with no
// node_modules beside it; the plugin and the .mcpb copy it). The `foundry` CLI and the context
// hooks of the plugin: entries that share their code as chunks (dist/chunks/), instead of each
// inlining the memory package (2.2 MB more in the tarball before); the prompt-recall hook's
// entry loads only the recall path and reaches the full engine's chunk only when it must.
export default defineConfig([
  { ...appBundle({ server: "src/main.ts" }), clean: false }, // the build script empties dist/ first: two builds write there
  {
    ...appBundle({
      foundry: "src/cli/main.ts",
      "hooks/session-start": "src/hooks/bin/session-start.ts",
      "hooks/prompt-recall": "src/hooks/bin/prompt-recall.ts",
      "hooks/subagent-stop": "src/hooks/bin/subagent-stop.ts",
      "hooks/pre-compact": "src/hooks/bin/pre-compact.ts",
    }),
    splitting: true,
    clean: false,
    esbuildPlugins: [pureLibraries],
    esbuildOptions(options) {
      options.chunkNames = "chunks/[name]-[hash]";
    },
  },
]);
