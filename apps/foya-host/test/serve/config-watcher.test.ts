// The config watcher sees files replaced by rename (as ConfigStore and editors save them) and
// collapses a burst of writes into one reload.
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

describe("watchConfig", () => {
  it("reloads once per burst of renames, ignores other files, and stops", async () => {
    const home = temporaryFolder("watch");
    const file = path.join(home, "mcp.json");
    replace(file, "{}");
    let reloads = 0;
    const stop = watchConfig({ home, onChange: () => reloads++, debounceMs: 400, pollMs: 100 });
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (let index = 0; index < 5; index++) replace(file, JSON.stringify({ servers: { index } }));
    await new Promise((resolve) => setTimeout(resolve, 1200));
    expect(reloads).toBe(1);
    fs.writeFileSync(path.join(home, "notes.txt"), "unrelated");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reloads).toBe(1);
    stop();
    replace(file, "{}");
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(reloads).toBe(1);
  });
});
