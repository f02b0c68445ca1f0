import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base.ts";

// Four entries: the runtime-neutral root, the Node-only "./node" subpath (file system), "./errors"
// (the error classes alone, sharing one chunk with the root), so a bundle that needs only
// CodedError (the prompt-recall hook's path through the memory package) loads no ajv, and "./json"
// (the JSON object check, importing nothing) for entries that load no other part of core.
export default defineConfig({ ...libraryBuild, entry: { index: "src/index.ts", node: "src/node.ts", errors: "src/errors.ts", json: "src/json.ts" }, splitting: true });
