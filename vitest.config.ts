// One vitest run over every package and app: each folder is a project with its own config.
import os from "node:os";
import { defineConfig } from "vitest/config";
import { LongFilesFirstSequencer } from "./tooling/vitest-sequencer.ts";

export default defineConfig({
  test: {
    projects: ["packages/*", "apps/*", "test/reliability", "test/protocol", "tooling"],
    // vitest's default is one worker per core but one (a single worker on 2 cores), yet most
    // files spend their time waiting on the processes they start (servers, PostgreSQL, Chromium,
    // npm): a second worker on 2 cores uses the idle core. More cores keep vitest's default.
    maxWorkers: Math.max(2, os.availableParallelism() - 1),
    sequence: { sequencer: LongFilesFirstSequencer },
  },
});
