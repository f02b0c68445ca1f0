import { defineConfig } from "tsup";
import { libraryBuild } from "../../tooling/tsup.base";

export default defineConfig({ ...libraryBuild });
