import { projectConfig } from "../../tooling/vitest.shared";

export default projectConfig("foya-host");
