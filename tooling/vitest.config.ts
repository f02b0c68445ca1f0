import { projectConfig } from "./vitest.shared";

export default projectConfig("tooling");
