// Shared vitest settings: every project extends these with its own name.
import { defineProject, mergeConfig, type UserWorkspaceConfig } from "vitest/config";

const shared = defineProject({
  test: {
    environment: "node",
    include: ["test/**/*.test.ts"],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: "forks",
    // expect.poll waits on a condition (a browser re-render, a server's batch): 1 s, vitest's
    // default, is too short on a loaded 2-core CI machine. A poll that passes returns at once.
    expect: { poll: { timeout: 15_000 } },
  },
});

/** Builds one package's vitest project from the shared settings. */
export function projectConfig(name: string, overrides: UserWorkspaceConfig = {}): UserWorkspaceConfig {
  return mergeConfig(shared, mergeConfig(defineProject({ test: { name } }), overrides));
}
