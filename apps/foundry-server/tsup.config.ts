import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";

// Two builds. The server: one self-contained file (SPEC: dist/server.mjs runs with no
// node_modules beside it; the plugin and the .mcpb copy it). The `foundry` CLI and the context
// hooks of the plugin: entries that share their code as chunks (dist/chunks/), instead of each
// inlining the memory package (2.2 MB more in the tarball before); the prompt-recall hook's
// entry loads only the recall path and reaches the full engine's chunk only when it must.
export default defineConfig([
  { ...appBundle({ server: "src/main.ts" }, [], { stdioOnly: true }), clean: false }, // the build script empties dist/ first: two builds write there
  {
    ...appBundle({
      foundry: "src/cli/main.ts",
      "hooks/session-start": "src/hooks/bin/session-start.ts",
      "hooks/prompt-recall": "src/hooks/bin/prompt-recall.ts",
      "hooks/subagent-stop": "src/hooks/bin/subagent-stop.ts",
      "hooks/pre-compact": "src/hooks/bin/pre-compact.ts",
    }, [], { stdioOnly: true }),
    splitting: true,
    clean: false,
    esbuildOptions(options) {
      options.chunkNames = "chunks/[name]-[hash]";
    },
  },
]);
