import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base";
import packageJson from "./package.json" with { type: "json" };

// Two entries: the runtime-neutral root and the Node-only "./node" subpath, sharing one chunk
// so both see the same ClientManager and error classes. The version is baked in (client-info.ts).
export default defineConfig({
  ...libraryBuild,
  entry: { index: "src/index.ts", node: "src/node.ts" },
  splitting: true,
  define: { __CLIENT_MANAGER_VERSION__: JSON.stringify(packageJson.version) },
});
