// Shared vitest settings: every project extends these with its own name.
import { defineProject, mergeConfig, type UserWorkspaceConfig } from "vitest/config";

const shared = defineProject({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
  },
});

/** Builds one package's vitest project from the shared settings. */
export function projectConfig(name: string, overrides: UserWorkspaceConfig = {}): UserWorkspaceConfig {
  return mergeConfig(shared, mergeConfig(defineProject({ test: { name } }), overrides));
}
