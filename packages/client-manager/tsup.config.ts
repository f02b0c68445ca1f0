import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base";
import packageJson from "./package.json" with { type: "json" };

// Five entries: the runtime-neutral root, the Node-only "./node" and "./aggregate" subpaths and the
// agent-framework subpaths "./ai-sdk" and "./langchain" (their frameworks stay external peers), sharing one chunk
// so every entry sees the same ClientManager and error classes. The version is baked in (client-info.ts).
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", node: "src/node.ts", aggregate: "src/aggregate.ts", "ai-sdk": "src/ai-sdk.ts", langchain: "src/langchain.ts" },
  splitting: true,
  define: { __CLIENT_MANAGER_VERSION__: JSON.stringify(packageJson.version) },
});
