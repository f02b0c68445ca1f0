// What a merge-safe store keeps out of git, checked with real git. Regression (session 13): a
// still-running server's background save took and dropped `.foundry/memory/.lock` while the
// user's `git add -A` listed the tree, and git failed with "unable to stat"; a lock it caught
// in place would have been committed.
import { spawnSync } from "node:child_process";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MarkdownFactStore } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root: string;
let cleanup: () => void;
let driver: MarkdownFactStore;
let memory: FoundryMemory;

function git(...args: string[]): { status: number; output: string } {
  const result = spawnSync("git", ["-c", "init.defaultBranch=main", ...args], {
    cwd: root,
    env: { PATH: process.env.PATH ?? "", HOME: root, GIT_CONFIG_NOSYSTEM: "1" },
    encoding: "utf8",
  });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

beforeEach(() => {
  ({ root, cleanup } = makeTempRoot("foundry-git-ignores-"));
  expect(git("init", "-q").status).toBe(0);
  driver = new MarkdownFactStore({ root, watch: "off" });
  memory = new FoundryMemory({ root, driver });
});

afterEach(async () => {
  await memory.close();
  cleanup();
});

describe("a merge-safe store's .gitignore", () => {
  it("keeps the write lock, its tickets and every draft out of `git add -A` while a writer holds the lock", async () => {
    await memory.write({ title: "Services log in JSON", body: "One object per line.", type: "convention" });
    const staged = await driver.withWriteLock(async () => {
      const added = git("add", "-A");
      return { added, files: git("ls-files", "--cached").output.split("\n").filter(Boolean) };
    });
    expect(staged.added).toEqual({ status: 0, output: "" });
    expect(staged.files.filter((file) => file.startsWith(".foundry/memory/") && !file.startsWith(".foundry/memory/facts/"))).toEqual([]);
    const transient = [
      ".foundry/memory/.lock",
      ".foundry/memory/.lock.breaker",
      ".foundry/memory/.lock.ticket-0001764800000000-abc123-4242-0123abcd",
      ".foundry/memory/..lock.4242.0123456789ab.tmp",
      ".foundry/memory/facts/.fact-4821390751.md.4242.0123456789ab.tmp",
      ".foundry/memory/.INDEX.md.4242.0123456789ab.tmp",
    ];
    expect(git("check-ignore", ...transient)).toEqual({ status: 0, output: `${transient.join("\n")}\n` });
    // The facts themselves stay tracked.
    expect(git("check-ignore", path.posix.join(".foundry/memory/facts", "fact-4821390751.md")).status).toBe(1);
  });
});
