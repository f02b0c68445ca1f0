import { projectConfig } from "../../tooling/vitest.shared";

export default projectConfig("reliability", { test: { include: ["**/*.test.ts"] } });
