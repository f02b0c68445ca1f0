import { projectConfig } from "../../tooling/vitest.shared.ts";

export default projectConfig("reliability", { test: { include: ["**/*.test.ts"] } });
