// The `foundry` CLI's memory commands (src/cli/commands/), each run as the built dist/foundry.mjs
// on a real temporary project: init, write, search, show, list, index, report, export, with
// their answers and their usage errors (exit code 2, naming the flag).
import fs from "node:fs";
import path from "node:path";
import { estimateTokens } from "@foundry-mcp/tokens";
import { afterAll, describe, expect, it } from "vitest";
import { foundry, gitOk } from "./support/git-project";
import { cleanup, makeTempDir, requireBuild } from "./support/server-process";

afterAll(cleanup);

const CENTS = ["--title", "Money is integer cents", "--body", "Floats lose cents in sums.", "--type", "constraint", "--tags", "billing,db"];
const FLYWAY = ["--title", "Use Flyway for migrations", "--body", "Why: plain SQL.\nHow to apply: add V<n>__name.sql files.", "--type", "decision", "--confidence", "high", "--source", "adr-0007"];

/** A temporary project (no git) with `foundry init` run in it. */
function initialised(): string {
  const root = makeTempDir("foundry-cli-memory-");
  expect(foundry(root, "init").status).toBe(0);
  return root;
}

describe("foundry init", () => {
  requireBuild();

  it("creates .foundry/ with config.json, INDEX.md and .gitignore, and refuses to run twice", () => {
    const root = makeTempDir("foundry-cli-init-");
    expect(foundry(root, "init")).toEqual({
      status: 0,
      stdout: [
        `Created ${path.join(root, ".foundry")} (root from working folder):`,
        "- .foundry/config.json: memoryRetrieval.maxFacts 8, memoryIndex.budgetTokens 4000",
        "- .foundry/memory/INDEX.md: the index, empty until a fact is written",
        "- .foundry/.gitignore: keeps local files out of git (layout: sequential)",
        "Next: foundry write --help, or foundry import MEMORY.md / an ADR folder.",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(JSON.parse(fs.readFileSync(path.join(root, ".foundry/config.json"), "utf8"))).toEqual({ memoryRetrieval: { maxFacts: 8 }, memoryIndex: { budgetTokens: 4000 } });
    expect(fs.readFileSync(path.join(root, ".foundry/memory/INDEX.md"), "utf8")).toBe("# Memory index\nNo active facts yet. memory_write stores one.\n");
    expect(fs.readFileSync(path.join(root, ".foundry/.gitignore"), "utf8")).toContain("\nmetrics/\n");

    fs.writeFileSync(path.join(root, ".foundry/config.json"), '{"memoryIndex": {"budgetTokens": 900}}\n');
    expect(foundry(root, "init")).toEqual({
      status: 1,
      stdout: "",
      stderr: `foundry init: ${path.join(root, ".foundry")} already exists; nothing was changed. Run foundry doctor to check it.\n`,
    });
    expect(fs.readFileSync(path.join(root, ".foundry/config.json"), "utf8")).toBe('{"memoryIndex": {"budgetTokens": 900}}\n');
  });

  it("in a git work tree, git-ignores what the merge-safe layout keeps local", () => {
    const repo = makeTempDir("foundry-cli-init-git-");
    gitOk(repo, "init", "-q");
    const init = foundry(repo, "init");
    expect(init.status).toBe(0);
    expect(init.stdout).toContain("- .foundry/.gitignore: keeps local files out of git (layout: merge-safe)\n");
    const ignored = fs.readFileSync(path.join(repo, ".foundry/.gitignore"), "utf8").split("\n").filter((line) => line && !line.startsWith("#"));
    expect(ignored).toEqual(["metrics/", "cache/", "memory/INDEX.md", "memory/.lock*", ".*.tmp"]);
  });
});

describe("foundry write, search, show, list, index, report", () => {
  requireBuild();

  it("writes with memory_write's answers: created, duplicate, superseded", () => {
    const root = initialised();
    expect(foundry(root, "write", ...CENTS)).toEqual({ status: 0, stdout: "created: fact-0001\nIndex: 1/1 facts listed, ~33 tokens, 0 omitted over budget.\n", stderr: "" });
    expect(foundry(root, "write", ...CENTS).stdout).toBe("duplicate: fact-0001 already holds this title and body; nothing written.\n");
    const restated = foundry(root, "write", "--title", "Money is integer cents", "--body", "Store amounts as integer cents.", "--type=constraint");
    expect(restated.stdout.split("\n")[0]).toBe("created: fact-0002 (supersedes fact-0001)");
  });

  it("refuses bad input with exit code 2 and a message naming the flag and the bound", () => {
    const root = initialised();
    const long = "x".repeat(81);
    expect(foundry(root, "write", "--title", long, "--body", "b", "--type", "constraint")).toEqual({
      status: 2,
      stdout: "",
      stderr: "foundry write: --title is 81 characters; the bound is 80. State the fact itself more briefly and move detail to body.\n",
    });
    expect(foundry(root, "write", "--title", "t", "--body", "b", "--type", "decision").stderr).toBe(
      'foundry write: --body of a decision needs a line starting with Why: and a line starting with How to apply:; add them (for example "Why: …").\n',
    );
    expect(foundry(root, "write", "--title", "t", "--body", "b", "--type", "wish").stderr).toBe(
      'foundry write: --type "wish" is not one of decision | constraint | convention | domain | risk | metric | glossary.\n',
    );
    expect(foundry(root, "write", "--body", "b")).toEqual({ status: 2, stdout: "", stderr: "foundry write: --title and --type are required. Run foundry write --help.\n" });
    expect(foundry(root, "write", "--title")).toEqual({ status: 2, stdout: "", stderr: "foundry write: --title needs a value. Run foundry write --help.\n" });
    expect(foundry(root, "write", "--title", "a", "--title", "b").stderr).toBe("foundry write: --title is given twice; give it once. Run foundry write --help.\n");
    expect(foundry(root, "write", "--colour", "red")).toEqual({ status: 2, stdout: "", stderr: 'foundry write: unknown argument "--colour". Run foundry write --help.\n' });
    expect(fs.existsSync(path.join(root, ".foundry/memory/facts"))).toBe(false);
  });

  it("searches, shows and lists the active facts as memory_search renders them", () => {
    const root = initialised();
    foundry(root, "write", ...CENTS);
    foundry(root, "write", ...FLYWAY);
    const flyway = "### fact-0002 · decision · confidence high\n**Use Flyway for migrations**\nWhy: plain SQL.\nHow to apply: add V<n>__name.sql files.\n_source: adr-0007 · scope: project_";
    const cents = "### fact-0001 · constraint · confidence medium\n**Money is integer cents**\nFloats lose cents in sums.\n_source: conversation · scope: project_";
    expect(foundry(root, "search", "flyway migrations")).toEqual({ status: 0, stdout: `${flyway}\n`, stderr: "" });
    expect(foundry(root, "search", "cents", "--type", "decision").stdout).toBe('No stored fact matches "cents". Memory holds 2 active facts.\n');
    expect(foundry(root, "show", "fact-0002").stdout).toBe(`${flyway}\n`);
    expect(foundry(root, "list")).toEqual({ status: 0, stdout: `2 active facts:\n\n${cents}\n\n${flyway}\n`, stderr: "" });
    expect(foundry(root, "list", "--type", "decision").stdout).toBe(`1 active decision fact:\n\n${flyway}\n`);
    expect(foundry(root, "list", "--type", "risk").stdout).toBe("0 active risk facts.\n");

    foundry(root, "write", "--title", "Money is integer cents", "--body", "Store amounts as integer cents.", "--type", "constraint");
    expect(foundry(root, "show", "fact-0001").stdout).toBe(`${cents}\n(not active: superseded by fact-0003)\n`);
  });

  it("shows a fact by the short id memory_search shows, and refuses a prefix too short or unknown", () => {
    const repo = makeTempDir("foundry-cli-show-");
    gitOk(repo, "init", "-q");
    foundry(repo, "write", ...CENTS);
    foundry(repo, "write", ...FLYWAY);
    const [cents] = foundry(repo, "list").stdout.split("\n").filter((line) => line.startsWith("### ")).map((line) => line.split(" ")[1] as string);
    expect(cents).toMatch(/^fact-\d{10}$/);
    const short = (cents as string).slice(0, "fact-".length + 6);
    const byWholeId = foundry(repo, "show", cents as string);
    expect(byWholeId.stdout.split("\n")[1]).toBe("**Money is integer cents**");
    expect(foundry(repo, "show", short)).toEqual(byWholeId);
    const tooShort = (cents as string).slice(0, "fact-".length + 3);
    expect(foundry(repo, "show", tooShort)).toEqual({ status: 1, stdout: "", stderr: expect.stringMatching(new RegExp(`^foundry show: id ${tooShort} is too short to name a fact: send at least 6 digits, as memory_search shows ids \\(e\\.g\\. fact-\\d{6}\\)\\.\n$`)) });
    expect(foundry(repo, "show", "fact-")).toMatchObject({ status: 1, stdout: "" });
  });

  it("exits 2 on a bad --limit, --type or a missing argument, and 1 on an unknown id", () => {
    const root = initialised();
    expect(foundry(root, "search", "cents", "--limit", "30")).toEqual({ status: 2, stdout: "", stderr: 'foundry search: --limit must be an integer from 1 to 25; got "30". Run foundry search --help.\n' });
    expect(foundry(root, "search", "cents", "--type", "wish")).toEqual({
      status: 2,
      stdout: "",
      stderr: 'foundry search: --type "wish" is not one of decision | constraint | convention | domain | risk | metric | glossary; omit it to search every type.\n',
    });
    expect(foundry(root, "search")).toEqual({ status: 2, stdout: "", stderr: "foundry search: missing <query>. Run foundry search --help.\n" });
    expect(foundry(root, "list", "--type", "wish").stderr).toBe('foundry list: --type "wish" is not one of decision | constraint | convention | domain | risk | metric | glossary. Run foundry list --help.\n');
    expect(foundry(root, "show")).toEqual({ status: 2, stdout: "", stderr: "foundry show: missing <id>. Run foundry show --help.\n" });
    expect(foundry(root, "show", "fact-0001", "fact-0002").stderr).toBe('foundry show: unknown argument "fact-0002". Run foundry show --help.\n');
    expect(foundry(root, "show", "fact-0009")).toEqual({ status: 1, stdout: "", stderr: 'foundry show: "fact-0009" is not a stored fact id; foundry list and foundry search show ids.\n' });
  });

  it("rebuilds INDEX.md and prints token_report's text", () => {
    const root = initialised();
    foundry(root, "write", ...CENTS);
    const indexPath = path.join(root, ".foundry/memory/INDEX.md");
    fs.rmSync(indexPath);
    expect(foundry(root, "index")).toEqual({ status: 0, stdout: `Rebuilt ${indexPath}\n1/1 facts listed, ~33 tokens, 0 omitted.\n`, stderr: "" });
    expect(fs.readFileSync(indexPath, "utf8")).toContain("\n## constraint\n- Money is integer cents\n");
    // The fact file's estimate: its `created` second varies between runs.
    const factTokens = estimateTokens(fs.readFileSync(path.join(root, ".foundry/memory/facts/fact-0001.md"), "utf8"));
    const report = foundry(root, "report");
    expect(report.status).toBe(0);
    expect(report.stdout).toBe(
      [
        "# Foundry token report",
        "",
        "- Memory index: ~33 tokens of a 4000 budget (always in context)",
        `- Facts stored: 1, ~${factTokens} tokens total (retrieved on demand only)`,
        "- Blackboard artifacts: ~0 tokens (never enter context wholesale)",
        "- Recorded events: foundry_init=1",
        "",
        `Loading all memory eagerly would cost ~${factTokens} tokens per session; the index-first path costs ~33.`,
        "",
        `Project root: ${root}`,
        "",
      ].join("\n"),
    );
    expect(foundry(root, "index", "--full").stderr).toBe('foundry index: unknown argument "--full". Run foundry index --help.\n');
  });

  it("exports every stored fact, superseded ones too, one JSON object a line with every field", () => {
    const root = initialised();
    foundry(root, "write", ...CENTS);
    foundry(root, "write", "--title", "Money is integer cents", "--body", "Store amounts as integer cents.", "--type", "constraint", "--expires", "2999-12-31");
    const exported = foundry(root, "export");
    expect(exported.status).toBe(0);
    const lines = exported.stdout.split("\n");
    expect(lines.at(-1)).toBe("");
    const facts = lines.slice(0, -1).map((line) => JSON.parse(line) as Record<string, unknown>);
    const created = expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    expect(facts).toEqual([
      { id: "fact-0001", type: "constraint", title: "Money is integer cents", body: "Floats lose cents in sums.", scope: "project", tags: ["billing", "db"], confidence: "medium", source: "conversation", created, supersededBy: "fact-0002" },
      { id: "fact-0002", type: "constraint", title: "Money is integer cents", body: "Store amounts as integer cents.", scope: "project", tags: [], confidence: "medium", source: "conversation", created, expires: "2999-12-31", supersedes: "fact-0001" },
    ]);
  });
});
