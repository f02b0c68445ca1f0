// One self-contained dist/foya.mjs. The shebang comes first so that the `foya` bin runs when npm
// links it on Unix; the version is baked in from package.json.
import { chmodSync } from "node:fs";
import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";
import packageJson from "./package.json" with { type: "json" };

const base = appBundle({ foya: "src/main.ts" }, ["better-sqlite3", "better-sqlite3-node20"]);
const banner = typeof base.banner === "object" && base.banner !== null && "js" in base.banner ? String(base.banner.js) : "";

export default defineConfig({
  ...base,
  banner: { js: `#!/usr/bin/env node\n${banner}` },
  onSuccess: async () => chmodSync("dist/foya.mjs", 0o755),
  define: { __FOYA_VERSION__: JSON.stringify(packageJson.version) },
});
