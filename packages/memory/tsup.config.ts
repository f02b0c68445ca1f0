import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base.ts";

// The root entry, and `./recall`: the prompt-recall hook's path, kept apart so it loads no YAML or ajv.
export default defineConfig({ ...libraryBuild, entry: ["src/index.ts", "src/recall.ts"] });
