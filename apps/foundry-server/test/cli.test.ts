// cli.ts: where the project root comes from, and the help / version / error commands.
// The last block runs the built bundle to show the same behaviour end to end.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import packageJson from "../package.json";
import { USAGE, parseArguments } from "../src/cli";
import { findProjectRoot } from "../src/project-root";
import { callTool, cleanup, connectClient, makeTempDir, runBundle } from "./support/server-process";

afterAll(cleanup);

describe("parseArguments", () => {
  it("takes --root DIR first, resolved against the working directory", () => {
    expect(parseArguments(["--root", "../app"], { FOUNDRY_ROOT: "/elsewhere" }, "/home/me/work")).toEqual({
      kind: "serve",
      root: path.resolve("/home/me/app"),
      source: "--root",
    });
    expect(parseArguments(["--root=/srv/project"], {}, "/tmp")).toEqual({ kind: "serve", root: "/srv/project", source: "--root" });
  });

  it("falls back to FOUNDRY_ROOT, then to the upward search (root.test.ts)", () => {
    expect(parseArguments([], { FOUNDRY_ROOT: "/srv/memory" }, "/tmp")).toEqual({ kind: "serve", root: "/srv/memory", source: "FOUNDRY_ROOT" });
    const cwd = makeTempDir("foundry-cli-cwd-");
    expect(parseArguments([], { FOUNDRY_ROOT: "" }, cwd)).toEqual({ kind: "serve", ...findProjectRoot(cwd) });
  });

  it("answers help and version", () => {
    expect(parseArguments(["--help"], {}, "/")).toEqual({ kind: "help" });
    expect(parseArguments(["-h"], {}, "/")).toEqual({ kind: "help" });
    expect(parseArguments(["--version"], {}, "/")).toEqual({ kind: "version" });
    expect(parseArguments(["-v"], {}, "/")).toEqual({ kind: "version" });
  });

  it("refuses a --root without a directory and unknown arguments, saying what to do", () => {
    expect(parseArguments(["--root"], {}, "/")).toEqual({ kind: "error", message: "--root needs a directory, e.g. --root ./my-project" });
    expect(parseArguments(["--root", "--help"], {}, "/")).toEqual({ kind: "error", message: "--root needs a directory, e.g. --root ./my-project" });
    expect(parseArguments(["--root="], {}, "/")).toEqual({ kind: "error", message: "--root needs a directory, e.g. --root=./my-project" });
    expect(parseArguments(["--port", "3"], {}, "/")).toEqual({ kind: "error", message: 'Unknown argument "--port". Run foundry-server --help.' });
  });
});

describe("the built bundle's command line", () => {
  it("prints the usage and the version on stdout and exits 0", () => {
    const cwd = makeTempDir("foundry-cli-");
    expect(runBundle(["--help"], { cwd })).toEqual({ stdout: USAGE, status: 0 });
    expect(runBundle(["--version"], { cwd })).toEqual({ stdout: `${packageJson.version}\n`, status: 0 });
  });

  it("exits 2 on a bad argument without writing to stdout", () => {
    expect(runBundle(["--bogus"], { cwd: makeTempDir("foundry-cli-") })).toEqual({ stdout: "", status: 2 });
  });
});

describe("--log-format (issue #33)", () => {
  it("takes text or json, and refuses anything else naming the flag and the choices", () => {
    expect(parseArguments(["--root", "/srv", "--log-format", "json"], {}, "/")).toEqual({ kind: "serve", root: "/srv", source: "--root", logFormat: "json" });
    expect(parseArguments(["--log-format=text", "--root=/srv"], {}, "/")).toEqual({ kind: "serve", root: "/srv", source: "--root", logFormat: "text" });
    expect(parseArguments(["--log-format", "yaml"], {}, "/")).toEqual({ kind: "error", message: '--log-format must be text or json; got "yaml"' });
  });

  it("writes stderr as one JSON object per line with json, and today's plain line without it", () => {
    const root = makeTempDir("foundry-log-");
    const bundle = fileURLToPath(new URL("../dist/server.mjs", import.meta.url));
    const run = (args: string[]) => spawnSync(process.execPath, [bundle, "--root", root, ...args], { input: "", encoding: "utf8" }).stderr;
    const [line] = run(["--log-format", "json"]).trim().split("\n");
    expect(JSON.parse(line!)).toEqual({ level: "info", time: expect.stringMatching(/^\d{4}-\d\d-\d\dT/), service: "foundry-server", msg: `foundry-server ${packageJson.version} serving ${root} (root from --root)` });
    expect(run([]).split("\n")[0]).toBe(`foundry-server ${packageJson.version} serving ${root} (root from --root)`);
  });
});

describe("the served root", () => {
  const write = { title: "Roots come from the command line first", body: "Then FOUNDRY_ROOT, then the working directory.", type: "convention" };

  it("is FOUNDRY_ROOT when --root is absent", async () => {
    const root = makeTempDir("foundry-env-root-");
    const elsewhere = makeTempDir("foundry-cwd-");
    const client = await connectClient(root, { args: [], env: { FOUNDRY_ROOT: root }, cwd: elsewhere });
    expect((await callTool(client, "memory_write", write)).text).toMatch(/^created: fact-0001\n/);
    expect(fs.existsSync(path.join(root, ".foundry/memory/facts/fact-0001.md"))).toBe(true);
    expect(fs.existsSync(path.join(elsewhere, ".foundry"))).toBe(false);
  });

  it("is --root over FOUNDRY_ROOT", async () => {
    const root = makeTempDir("foundry-arg-root-");
    const ignored = makeTempDir("foundry-env-root-");
    const client = await connectClient(root, { args: ["--root", root], env: { FOUNDRY_ROOT: ignored } });
    const [firstLine] = (await callTool(client, "memory_index")).text.split("\n");
    expect(firstLine).toBe(`Rebuilt ${path.join(root, ".foundry/memory/INDEX.md")}`);
    expect(fs.existsSync(path.join(ignored, ".foundry"))).toBe(false);
  });
});
