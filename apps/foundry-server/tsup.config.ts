import { defineConfig } from "tsup";
import { appBundle, OTEL_PACKAGES } from "../../tooling/tsup.base.ts";

// The server, the `foundry` CLI, and one small bundle per context hook of the plugin (each loads
// only what its event needs).
export default defineConfig(
  appBundle({
    server: "src/main.ts",
    foundry: "src/cli/main.ts",
    "hooks/session-start": "src/hooks/bin/session-start.ts",
    "hooks/prompt-recall": "src/hooks/bin/prompt-recall.ts",
    "hooks/subagent-stop": "src/hooks/bin/subagent-stop.ts",
    "hooks/pre-compact": "src/hooks/bin/pre-compact.ts",
  }, OTEL_PACKAGES),
);
