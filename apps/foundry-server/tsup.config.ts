import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";

export default defineConfig(appBundle({ server: "src/main.ts", foundry: "src/cli/main.ts" }));
