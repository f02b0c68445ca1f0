import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base";

// Two entries: the runtime-neutral root and the Node-only "./node" subpath, sharing one chunk
// so both see the same ClientManager and error classes.
export default defineConfig({ ...libraryBuild, entry: { index: "src/index.ts", node: "src/node.ts" }, splitting: true });
