// The UserPromptSubmit hook's fast path (issue #30: wall time <= 2x `node -e ""` at 10,000
// facts): its entry reaches, by static imports, only the recall path (no ajv, YAML or zod, no
// memory store), and once a full load (SessionStart) has saved the recall index, a prompt is
// answered from that index with exactly the text the full engine gave, without restoring the store.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { importSpecifiers } from "../../../tooling/bundle-imports.mjs";
import { cleanup, requireBuild } from "./support/server-process";
import { copyPlugin, eventsOf, fillerFacts, makeFact, runPluginHook, seedProject } from "./support/hook-process";

let plugin: string;
beforeAll(() => {
  requireBuild();
  plugin = copyPlugin();
});
afterAll(cleanup);

/** Every file `entry` loads through static imports (relative ones; `import()` is left out). */
function staticGraph(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string): void => {
    if (seen.has(file)) return;
    seen.add(file);
    const text = fs.readFileSync(file, "utf8");
    for (const specifier of importSpecifiers(text).static) if (/^\.{1,2}\//.test(specifier)) visit(path.resolve(path.dirname(file), specifier));
  };
  visit(entry);
  return [...seen];
}

describe("UserPromptSubmit from the recall index", () => {
  it("loads no ajv, YAML parser, zod or memory store before it needs the full engine", () => {
    const files = staticGraph(path.join(plugin, "hooks/prompt-recall.mjs"));
    const loaded = files.map((file) => fs.readFileSync(file, "utf8")).join("\n");
    expect(loaded).not.toMatch(/node_modules\/(?:\.pnpm\/)?(?:ajv|yaml|zod)[@/]/);
    expect(loaded).not.toContain("class MarkdownFactStore");
    expect(loaded).toContain("function recallFromIndex(");
  });

  it("answers a prompt from the index SessionStart saved, with the text the full engine gave", async () => {
    const flyway = makeFact(1, { type: "decision", title: "Persistence layer uses Flyway, not Liquibase", body: "Migrations are plain SQL files.\nWhy: the team reads SQL.\nHow to apply: add V<n>__name.sql under db/migration.", confidence: "high" });
    const project = seedProject([flyway, ...fillerFacts(300, 2)]);
    const ask = () => runPluginHook(plugin, "UserPromptSubmit", project, { permission_mode: "default", prompt: "Which migration tool do we use, Flyway or Liquibase?" });
    const fullEngine = ask();
    expect(fullEngine).toMatchObject({ status: 0, stderr: "" });
    expect(fullEngine.stdout).toContain("### fact-0001 · decision · confidence high");
    // The index is saved only once the facts folder is older than the racy window (2 s).
    const recallIndex = path.join(project, ".foundry/cache/recall-index.bin");
    await expect
      .poll(() => (runPluginHook(plugin, "SessionStart", project, { source: "startup" }), fs.existsSync(recallIndex)), { timeout: 20_000, interval: 500 })
      .toBe(true);
    // The full engine, when it runs, saves the store's index again; the recall path never reads or writes it.
    const storeIndex = path.join(project, ".foundry/cache/memory-index.json");
    fs.rmSync(storeIndex, { force: true });
    expect(ask()).toEqual(fullEngine);
    expect(fs.existsSync(storeIndex)).toBe(false);
    const recalls = eventsOf(project).filter((event) => event.event === "prompt_recall");
    expect(recalls.map(({ ts: _ts, ...rest }) => rest)).toEqual([
      { event: "prompt_recall", facts: 1, ids: ["fact-0001"], runbooks: [], tokens: recalls[0]?.tokens },
      { event: "prompt_recall", facts: 1, ids: ["fact-0001"], runbooks: [], tokens: recalls[0]?.tokens },
    ]);
  });

  it("falls back to the full engine when a fact was added after the index was saved", async () => {
    const project = seedProject(fillerFacts(100, 1));
    const recallIndex = path.join(project, ".foundry/cache/recall-index.bin");
    await expect
      .poll(() => (runPluginHook(plugin, "SessionStart", project, { source: "startup" }), fs.existsSync(recallIndex)), { timeout: 20_000, interval: 500 })
      .toBe(true);
    fs.writeFileSync(path.join(project, ".foundry/memory/facts/fact-0500.md"), "---\nid: fact-0500\ntype: decision\ntitle: Persistence layer uses Flyway\nscope: project\ntags: []\nconfidence: high\nsource: code\ncreated: 2026-11-01T00:00:00Z\n---\nWhy: SQL.\nHow to apply: V<n>__name.sql.\n");
    const result = runPluginHook(plugin, "UserPromptSubmit", project, { permission_mode: "default", prompt: "Which migration tool, Flyway?" });
    expect(result).toMatchObject({ status: 0, stderr: "" });
    expect(result.stdout).toContain("### fact-0500 · decision · confidence high\\n**Persistence layer uses Flyway**");
  });
});
