import { defineConfig } from "tsup";
import { appBundle } from "../../tooling/tsup.base.ts";

// better-sqlite3 is native: it stays external and loads from this app's node_modules.
export default defineConfig(appBundle({ gateway: "src/main.ts" }, ["better-sqlite3", "better-sqlite3-node20"]));
