import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base.ts";

// Three entries: the runtime-neutral root, the Node-only "./node" subpath (file system), and
// "./errors" (the error classes alone, sharing one chunk with the root), so a bundle that needs
// only CodedError (the prompt-recall hook's path through the memory package) loads no ajv.
export default defineConfig({ ...libraryBuild, entry: { index: "src/index.ts", node: "src/node.ts", errors: "src/errors.ts" }, splitting: true });
