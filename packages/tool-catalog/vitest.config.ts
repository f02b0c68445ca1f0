import { projectConfig } from "../../tooling/vitest.shared";

export default projectConfig("tool-catalog");
