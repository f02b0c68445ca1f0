// Which project a session started in a subfolder serves: --root, else FOUNDRY_ROOT, else the
// nearest folder upward holding .foundry/, else the nearest holding .git, else the working folder.
// Real folders on disk; the last block starts the built bundle from a nested folder.
import { spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { parseArguments } from "../src/cli";
import { findProjectRoot } from "../src/project-root";
import { callTool, cleanup, connectClient, isolatedBundle, makeTempDir, writeFiles } from "./support/server-process";

afterAll(cleanup);

/** top/ with a/b/c below it; `markers` are created as folders (or, for "FILE:.git", a .git file). */
function tree(markers: Record<string, string[]>): { top: string; deep: string } {
  const top = makeTempDir("foundry-root-");
  const deep = path.join(top, "a/b/c");
  fs.mkdirSync(deep, { recursive: true });
  for (const [relative, names] of Object.entries(markers)) {
    for (const name of names) {
      if (name === "FILE:.git") fs.writeFileSync(path.join(top, relative, ".git"), "gitdir: /elsewhere/.git/worktrees/x\n");
      else fs.mkdirSync(path.join(top, relative, name), { recursive: true });
    }
  }
  return { top, deep };
}

describe("findProjectRoot", () => {
  it("holds no marker above the temp folder (the precondition of the working-folder case)", () => {
    const ancestors = [];
    for (let dir = os.tmpdir(); ; dir = path.dirname(dir)) {
      ancestors.push(dir);
      if (path.dirname(dir) === dir) break;
    }
    expect(ancestors.filter((dir) => fs.existsSync(path.join(dir, ".foundry")) || fs.existsSync(path.join(dir, ".git")))).toEqual([]);
  });

  it("takes the nearest .foundry/ upward, even past a nearer .git", () => {
    const { top, deep } = tree({ ".": [".foundry"], a: [".git"] });
    expect(findProjectRoot(deep)).toEqual({ root: top, source: ".foundry" });
    writeFiles(path.join(top, "a/b"), { ".foundry/config.json": "{}" });
    expect(findProjectRoot(deep)).toEqual({ root: path.join(top, "a/b"), source: ".foundry" });
  });

  it("takes the nearest .git (a folder, or the file of a worktree) when no .foundry/ is above", () => {
    const { top, deep } = tree({ a: [".git"] });
    expect(findProjectRoot(deep)).toEqual({ root: path.join(top, "a"), source: ".git" });
    const worktree = tree({ "a/b": ["FILE:.git"] });
    expect(findProjectRoot(worktree.deep)).toEqual({ root: path.join(worktree.top, "a/b"), source: ".git" });
  });

  it("ignores a file named .foundry and falls back to the working folder", () => {
    const { top, deep } = tree({});
    fs.writeFileSync(path.join(top, ".foundry"), "not a folder");
    expect(findProjectRoot(deep)).toEqual({ root: deep, source: "working folder" });
  });

  it("comes after --root and FOUNDRY_ROOT", () => {
    const { top, deep } = tree({ ".": [".foundry"] });
    expect(parseArguments(["--root", "."], { FOUNDRY_ROOT: "/srv" }, deep)).toEqual({ kind: "serve", root: deep, source: "--root" });
    expect(parseArguments([], { FOUNDRY_ROOT: "/srv" }, deep)).toEqual({ kind: "serve", root: "/srv", source: "FOUNDRY_ROOT" });
    expect(parseArguments([], {}, deep)).toEqual({ kind: "serve", root: top, source: ".foundry" });
  });
});

/** Starts the bundle in `cwd` with no arguments and returns its first stderr line. */
function startupLine(cwd: string): Promise<string> {
  const child = spawn(process.execPath, [isolatedBundle()], { cwd, env: { PATH: process.env.PATH ?? "" }, stdio: ["pipe", "ignore", "pipe"] });
  return new Promise((resolve, reject) => {
    let text = "";
    child.on("error", reject);
    child.on("exit", (code) => reject(new Error(`foundry-server exited ${code} before logging: ${text}`)));
    child.stderr.on("data", (chunk: Buffer) => {
      text += chunk.toString();
      const newline = text.indexOf("\n");
      if (newline === -1) return;
      child.removeAllListeners("exit");
      child.kill();
      resolve(text.slice(0, newline));
    });
  });
}

describe("the bundle started in a nested folder", { timeout: 60_000 }, () => {
  const note = { title: "Memory lives at the project root", body: "A session in a subfolder uses the same memory.", type: "convention" };

  it("serves the folder holding .foundry/, logs it, and shows it in token_report", async () => {
    const { top, deep } = tree({ ".": [".foundry", ".git"] });
    expect(await startupLine(deep)).toMatch(new RegExp(`^foundry-server \\S+ serving ${top.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")} \\(root from \\.foundry\\)$`));
    const client = await connectClient(top, { args: [], cwd: deep });
    // Inside a git work tree a new store is merge-safe: a random ten-digit id (memory-merge.test.ts).
    // Its text shows the short form (six digits), the file the whole id.
    const shown = /^created: (fact-\d{6})\n/.exec((await callTool(client, "memory_write", note)).text)?.[1] as string;
    expect(fs.readdirSync(path.join(top, ".foundry/memory/facts"))).toEqual([expect.stringMatching(new RegExp(`^${shown}\\d{4}\\.md$`))]);
    expect(fs.existsSync(path.join(deep, ".foundry"))).toBe(false);
    expect((await callTool(client, "token_report")).text.endsWith(`\n\nProject root: ${top}`)).toBe(true);
  });

  it("serves the .git folder's project when no .foundry/ exists yet, creating it there", async () => {
    const { top, deep } = tree({ a: [".git"] });
    expect(await startupLine(deep)).toContain(` serving ${path.join(top, "a")} (root from .git)`);
    const client = await connectClient(top, { args: [], cwd: deep });
    const shown = /^created: (fact-\d{6})\n/.exec((await callTool(client, "memory_write", note)).text)?.[1] as string;
    expect(fs.readdirSync(path.join(top, "a/.foundry/memory/facts"))).toEqual([expect.stringMatching(new RegExp(`^${shown}\\d{4}\\.md$`))]);
    expect(fs.existsSync(path.join(deep, ".foundry"))).toBe(false);
  });

  it("serves the working folder when nothing above marks a project", async () => {
    const { deep } = tree({});
    expect(await startupLine(deep)).toContain(` serving ${deep} (root from working folder)`);
  });
});
