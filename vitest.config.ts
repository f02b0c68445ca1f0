// One vitest run over every package and app: each folder is a project with its own config.
import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "test/reliability", "test/protocol", "tooling"],
  },
});
