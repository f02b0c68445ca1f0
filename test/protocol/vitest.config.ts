import { projectConfig } from "../../tooling/vitest.shared.ts";

export default projectConfig("protocol", { test: { include: ["**/*.test.ts"] } });
