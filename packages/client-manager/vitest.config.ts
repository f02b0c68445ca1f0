import { projectConfig } from "../../tooling/vitest.shared.ts";
import packageJson from "./package.json" with { type: "json" };

export default projectConfig("client-manager", { define: { __CLIENT_MANAGER_VERSION__: JSON.stringify(packageJson.version) } });
