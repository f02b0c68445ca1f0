// The transcript excerpt on the plugin README's first screen is what the built hooks print:
// scripts/hook-transcript.mjs runs them on a small project, and the README must hold its output.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { APP_DIR, requireBuild } from "./support/server-process";

beforeAll(requireBuild);

describe("the plugin README's transcript", () => {
  it("is the output of scripts/hook-transcript.mjs, in a text block near the top", () => {
    const result = spawnSync(process.execPath, [path.join(APP_DIR, "scripts/hook-transcript.mjs")], { encoding: "utf8", timeout: 60_000 });
    expect(result.stderr).toBe("");
    expect(result.status).toBe(0);
    const readme = fs.readFileSync(path.join(APP_DIR, "plugin/README.md"), "utf8");
    const block = "```text\n" + result.stdout + "```\n";
    expect(readme).toContain(block);
    expect(readme.indexOf(block)).toBeLessThan(1200);
    expect(result.stdout).toContain("⎿ UserPromptSubmit hook added to the context:\n  Project memory that may bear on this prompt");
  });
});
