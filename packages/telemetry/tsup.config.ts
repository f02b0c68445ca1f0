import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base.ts";

export default defineConfig({ ...libraryBuild });
