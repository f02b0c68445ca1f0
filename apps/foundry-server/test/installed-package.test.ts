// foundry-server as npm installs it: the package `npm pack` makes, installed into an empty folder
// (it has no dependencies, so this runs offline), its `foundry` CLI run through npx, and the four
// context hooks run from every place the package holds them: the top-level entries dist/hooks/*.mjs
// (built and installed) and the plugin's hooks/. The CLI and all of those import the chunks the
// package ships once, in the plugin folder (session 37); a chunk left out of the tarball, or an
// import pointing at a folder the package no longer has, fails here.
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { isBuiltin } from "node:module";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSpecifiers } from "../../../tooling/bundle-imports.mjs";
import packageJson from "../package.json";
import { APP_DIR, cleanup, makeTempDir, requireBuild } from "./support/server-process";
import { eventsOf, fillerFacts, makeFact, messageOfTokens, runHookEntry, seedProject } from "./support/hook-process";
import type { HookEvent } from "./support/hook-process";

const FLYWAY = makeFact(1, { type: "decision", title: "Persistence layer uses Flyway, not Liquibase", body: "Plain SQL.\nWhy: the team reads SQL.\nHow to apply: write V<n>__name.sql files." });

/** Each context hook, an event that makes it answer, and a piece of that answer. */
const HOOKS: Array<{ name: string; event: HookEvent; input: Record<string, unknown>; answer: string }> = [
  { name: "session-start", event: "SessionStart", input: { source: "startup" }, answer: FLYWAY.title },
  { name: "prompt-recall", event: "UserPromptSubmit", input: { prompt: "Add a migration; which migration tool do we use, Flyway or Liquibase?" }, answer: FLYWAY.title },
  { name: "subagent-stop", event: "SubagentStop", input: { stop_hook_active: false, agent_id: "a1", agent_type: "reviewer", last_assistant_message: messageOfTokens(901) }, answer: '"decision":"block"' },
  { name: "pre-compact", event: "PreCompact", input: { trigger: "auto" }, answer: "Compaction instructions from foundry-core" },
];

let installed: string;
let consumer: string;
// npm's own cache for these runs, in a temporary folder rather than the user's (~/.npm).
let npmCache: string;
const npmEnv = () => ({ ...process.env, npm_config_loglevel: "silent", npm_config_update_notifier: "false", npm_config_cache: npmCache });

/** `npm` in `cwd`, quiet, failing the test with its output when it does not succeed. */
function npm(cwd: string, ...args: string[]): string {
  const result = spawnSync("npm", args, { cwd, encoding: "utf8", timeout: 100_000, env: npmEnv() });
  expect(result.status, `npm ${args.join(" ")}: ${result.stderr}`).toBe(0);
  return result.stdout;
}

/** `npx foundry …` in `cwd`, the way a user runs the installed bin. */
function foundry(cwd: string, ...args: string[]): { status: number | null; stdout: string; stderr: string } {
  const result = spawnSync("npx", ["--no", "--", "foundry", ...args], { cwd, encoding: "utf8", timeout: 30_000, env: npmEnv() });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

beforeAll(() => {
  requireBuild();
  npmCache = makeTempDir("foundry-npm-cache-");
  const packed = makeTempDir("foundry-packed-");
  const [report] = JSON.parse(npm(APP_DIR, "pack", "--json", "--ignore-scripts", "--pack-destination", packed)) as Array<{ filename: string }>;
  consumer = makeTempDir("foundry-consumer-");
  fs.writeFileSync(path.join(consumer, "package.json"), JSON.stringify({ private: true }));
  npm(consumer, "install", "--offline", "--no-audit", "--no-fund", "--ignore-scripts", "--no-package-lock", path.join(packed, report?.filename ?? ""));
  installed = path.join(consumer, "node_modules", packageJson.name);
}, 210_000);
afterAll(cleanup);

/** Every .mjs file under `folder`. */
function modulesUnder(folder: string): string[] {
  return fs.readdirSync(folder, { recursive: true, encoding: "utf8" }).filter((file) => file.endsWith(".mjs")).map((file) => path.join(folder, file));
}

describe("the installed package's imports", () => {
  // A bundle importing the build folder by absolute path runs on the machine that built it and
  // nowhere else; a plugin file importing outside the plugin folder breaks once Claude Code copies
  // the folder alone into its cache.
  it("are Node's built-in modules or relative paths inside the package, and inside the plugin folder for its files", () => {
    const plugin = path.join(installed, "dist", "plugin", "foundry-core");
    const files = modulesUnder(path.join(installed, "dist"));
    expect(files.length).toBeGreaterThan(10);
    const wrong: string[] = [];
    for (const file of files) {
      const root = file.startsWith(plugin + path.sep) ? plugin : installed;
      const imports = importSpecifiers(fs.readFileSync(file, "utf8"));
      for (const specifier of [...imports.static, ...imports.dynamic]) {
        if (isBuiltin(specifier)) continue;
        const target = path.resolve(path.dirname(file), specifier);
        const relative = specifier.startsWith("./") || specifier.startsWith("../");
        if (!relative || !target.startsWith(root + path.sep) || !fs.existsSync(target)) wrong.push(`${path.relative(installed, file)} imports ${specifier}`);
      }
    }
    expect(wrong).toEqual([]);
  });
});

describe("the installed package's foundry CLI", { timeout: 60_000 }, () => {
  it("prints its help and its version through npx", () => {
    expect(foundry(consumer, "--help")).toMatchObject({ status: 0, stdout: expect.stringMatching(/^Usage: foundry \[--root DIR\] <command>/) as unknown, stderr: "" });
    expect(foundry(consumer, "--version")).toMatchObject({ status: 0, stdout: `${packageJson.version}\n` });
  });

  it("starts a memory, writes a fact and finds it", () => {
    const project = makeTempDir("foundry-installed-project-");
    expect(foundry(consumer, "--root", project, "init").status).toBe(0);
    expect(foundry(consumer, "--root", project, "write", "--title", FLYWAY.title, "--body", FLYWAY.body, "--type", "decision")).toMatchObject({ status: 0, stdout: expect.stringMatching(/^created: fact-0001$/m) as unknown });
    const found = foundry(consumer, "--root", project, "search", "flyway migrations");
    expect(found).toMatchObject({ status: 0, stderr: "" });
    expect(found.stdout).toContain(FLYWAY.title);
  });
});

describe("the context hooks", { timeout: 60_000 }, () => {
  const places: Array<[string, () => string]> = [
    ["the built dist/hooks/", () => path.join(APP_DIR, "dist", "hooks")],
    ["the installed dist/hooks/", () => path.join(installed, "dist", "hooks")],
    ["the installed plugin's hooks/", () => path.join(installed, "dist", "plugin", "foundry-core", "hooks")],
  ];
  const cases = places.flatMap(([place, folder]) => HOOKS.map((hook) => ({ place, folder, ...hook })));

  it.each(cases)("$name answers $event from $place and records it", ({ folder, name, event, input, answer }) => {
    const project = seedProject([FLYWAY, ...fillerFacts(20, 2)]); // enough facts for the recall's relevance floor to mean something
    const result = runHookEntry(path.join(folder(), `${name}.mjs`), event, project, input);
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout).toContain(answer);
    expect(eventsOf(project)).toHaveLength(1);
  });
});
