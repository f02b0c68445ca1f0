import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base.ts";

// Two entries: the runtime-neutral root and the Node-only "./node" subpath (file system).
export default defineConfig({ ...libraryBuild, entry: { index: "src/index.ts", node: "src/node.ts" } });
