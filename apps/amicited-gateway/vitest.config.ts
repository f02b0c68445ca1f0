import { projectConfig } from "../../tooling/vitest.shared";

export default projectConfig("amicited-gateway");
