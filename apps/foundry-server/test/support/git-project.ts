// Test support for memory-merge.test.ts: real git on temporary repositories, with a fixed
// identity and no user or system configuration, and the built `foundry` CLI.
import { execFileSync, spawn, spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { parseFact } from "@foundry-mcp/memory";
import type { Fact } from "@foundry-mcp/memory";
import { APP_DIR, isolatedBundle, makeTempDir } from "./server-process";

/** The built `foundry` CLI. */
export const FOUNDRY_CLI = path.join(APP_DIR, "dist", "foundry.mjs");

const home = (): string => (gitHome ??= makeTempDir("foundry-git-home-"));
let gitHome: string | undefined;

function gitEnvironment(): NodeJS.ProcessEnv {
  return {
    PATH: process.env.PATH ?? "",
    HOME: home(),
    GIT_CONFIG_NOSYSTEM: "1",
    GIT_AUTHOR_NAME: "Tester",
    GIT_AUTHOR_EMAIL: "tester@example.com",
    GIT_COMMITTER_NAME: "Tester",
    GIT_COMMITTER_EMAIL: "tester@example.com",
  };
}

/** Runs git in `cwd`; returns its exit status and output (never throws on a non-zero status). */
export function git(cwd: string, ...args: string[]): { status: number; output: string } {
  const result = spawnSync("git", ["-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false", "-c", "pull.rebase=false", ...args], {
    cwd,
    env: gitEnvironment(),
    encoding: "utf8",
  });
  return { status: result.status ?? -1, output: `${result.stdout}${result.stderr}` };
}

/** Runs git and fails the test with git's output when it does not succeed. */
export function gitOk(cwd: string, ...args: string[]): string {
  const { status, output } = git(cwd, ...args);
  if (status !== 0) throw new Error(`git ${args.join(" ")} exited ${status}:\n${output}`);
  return output;
}

/**
 * Stages everything and commits, as a user would. A server still running may take and drop
 * `.foundry/memory/.lock` meanwhile; the store's .gitignore keeps it out of git's listing.
 */
export function commitAll(cwd: string, message: string): void {
  gitOk(cwd, "add", "-A");
  gitOk(cwd, "commit", "-q", "-m", message);
}

/** Paths git reports as unmerged (conflicted) in `cwd`. */
export function conflictedPaths(cwd: string): string[] {
  return gitOk(cwd, "diff", "--name-only", "--diff-filter=U").split("\n").filter(Boolean);
}

/** Runs the built `foundry` CLI; returns status, stdout and stderr. */
export function foundry(cwd: string, ...args: string[]): { status: number; stdout: string; stderr: string } {
  try {
    const stdout = execFileSync(process.execPath, [FOUNDRY_CLI, ...args], { cwd, env: gitEnvironment(), encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
    return { status: 0, stdout, stderr: "" };
  } catch (error) {
    const failed = error as { stdout?: string; stderr?: string; status?: number };
    return { status: failed.status ?? -1, stdout: failed.stdout ?? "", stderr: failed.stderr ?? "" };
  }
}

/** Every fact file of the checkout at `root`, parsed (a file that does not parse fails the test). */
export function readFacts(root: string): Fact[] {
  const folder = path.join(root, ".foundry/memory/facts");
  return fs
    .readdirSync(folder)
    .filter((name) => name.endsWith(".md"))
    .map((name) => {
      const parsed = parseFact(fs.readFileSync(path.join(folder, name), "utf8"), name.slice(0, -3));
      if (!parsed.ok) throw new Error(`${name}: ${parsed.reason}`);
      return parsed.fact;
    });
}

/**
 * Starts the bundle on `root` and resolves with the first `count` lines it logs to stderr that
 * start with `foundry-server: memory` (what it says about the memory as it starts), then stops it.
 */
export function memoryStartLog(root: string, count: number): Promise<string[]> {
  const child = spawn(process.execPath, [isolatedBundle(), "--root", root], { cwd: root, env: { PATH: process.env.PATH ?? "" }, stdio: ["pipe", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let text = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`foundry-server exited ${code}: ${text}`)));
    child.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const lines = text.split("\n").filter((line) => line.startsWith("foundry-server: memory"));
      if (lines.length < count) return;
      child.removeAllListeners("exit");
      child.kill();
      resolve(lines.slice(0, count));
    });
  });
}
