import { projectConfig } from "../../tooling/vitest.shared.ts";

export default projectConfig("telemetry");
