// The config watcher sees files replaced by rename (as ConfigStore and editors save them) and
// collapses a burst of writes into one reload, whichever of its two sources (the folder watch,
// the stat poll) sees the burst and however late.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { watchConfig } from "../../src/serve/config-watcher";
import { removeTemporaryFolders, temporaryFolder } from "../support/processes";

afterAll(() => removeTemporaryFolders());

const replace = (file: string, text: string): void => {
  fs.writeFileSync(`${file}.tmp`, text);
  fs.renameSync(`${file}.tmp`, file);
};
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("watchConfig", () => {
  it("reloads once per burst of renames, ignores other files, and stops", async () => {
    const home = temporaryFolder("watch");
    const file = path.join(home, "mcp.json");
    replace(file, "{}");
    let reloads = 0;
    const stop = watchConfig({ home, onChange: () => reloads++, debounceMs: 400, pollMs: 100 });
    try {
      for (let index = 0; index < 5; index++) replace(file, JSON.stringify({ servers: { index } }));
      await expect.poll(() => reloads).toBe(1);
      // Quiet periods (nothing to wait on: these check that nothing more happens).
      await pause(800);
      expect(reloads).toBe(1);
      fs.writeFileSync(path.join(home, "notes.txt"), "unrelated");
      await pause(600);
      expect(reloads).toBe(1);
    } finally {
      stop();
    }
    replace(file, "{}");
    await pause(600);
    expect(reloads).toBe(1);
  });

  it("regression: a poll that sees a burst after its reload does not reload the same files again", async () => {
    const home = temporaryFolder("watch-late-poll");
    const file = path.join(home, "mcp.json");
    replace(file, "{}");
    let reloads = 0;
    // The watch reloads 50 ms after the burst; the poll, every 700 ms, sees it later.
    const stop = watchConfig({ home, onChange: () => reloads++, debounceMs: 50, pollMs: 700 });
    try {
      await pause(100); // the poll's first stat (if it came after the burst, this test proves nothing but still passes)
      replace(file, JSON.stringify({ servers: { late: {} } }));
      await expect.poll(() => reloads).toBe(1);
      await pause(1_000); // past the poll's next look and its debounce
      expect(reloads).toBe(1);
      replace(file, JSON.stringify({ servers: { again: {} } }));
      await expect.poll(() => reloads).toBe(2);
    } finally {
      stop();
    }
  });
});
