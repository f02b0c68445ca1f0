import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";
import { HOOK_NAMES, PLUGIN_FOLDER } from "./scripts/plugin-package.mjs";

/** The plugin folder under dist/ (tsup's outDir); build-plugin adds the rest of it. */
const plugin = PLUGIN_FOLDER.replace(/^dist\//, "");

// Two builds. The server: one self-contained file (SPEC: dist/server.mjs runs with no
// node_modules beside it; the plugin and the .mcpb copy it). The `foundry` CLI and the plugin's
// context hooks: entries that share their code as chunks, instead of each inlining the memory
// package (2.2 MB more in the tarball before). The hooks and the chunks are written straight into
// the plugin folder, which must hold them (Claude Code copies only that folder), and the CLI
// imports the chunks from there, so the package ships them once (build-plugin writes dist/hooks/*.mjs,
// each one import of the plugin's hook). The prompt-recall hook's entry loads only
// the recall path and reaches the full engine's chunk only when it must.
export default defineConfig([
  { ...appBundle({ server: "src/main.ts" }, [], { stdioOnly: true }), clean: false }, // the build script empties dist/ first: two builds write there
  {
    ...appBundle({
      foundry: "src/cli/main.ts",
      ...Object.fromEntries(HOOK_NAMES.map((name) => [`${plugin}/hooks/${name}`, `src/hooks/bin/${name}.ts`])),
    }, [], { stdioOnly: true }),
    splitting: true,
    clean: false,
    esbuildOptions(options) {
      options.chunkNames = `${plugin}/chunks/[name]-[hash]`;
    },
  },
]);
