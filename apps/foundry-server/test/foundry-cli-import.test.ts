// `foundry import` (src/cli/commands/import.ts, src/cli/import/), run as the built
// dist/foundry.mjs on real files: Claude Code's MEMORY.md and CLAUDE.md bullet lists, ADR folders
// in the adr-tools and MADR formats, and `foundry export` files, each with a duplicate to show
// that import dedupes as memory_write does; an export → import round trip; the refusals.
import fs from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { foundry } from "./support/git-project";
import { cleanup, makeTempDir, requireBuild, writeFiles } from "./support/server-process";

afterAll(cleanup);

/** A fresh temporary project (no git, so ids are sequential) holding `files`. */
function project(files: Record<string, string> = {}): string {
  const root = makeTempDir("foundry-cli-import-");
  writeFiles(root, files);
  return root;
}

type ExportedFact = Record<string, unknown>;

function exported(root: string): ExportedFact[] {
  const result = foundry(root, "export");
  expect(result.status).toBe(0);
  return result.stdout.split("\n").filter(Boolean).map((line) => JSON.parse(line) as ExportedFact);
}

const MEMORY_MD = `# Project memory

## Build
- Use pnpm, never npm. The lockfile is pnpm-lock.yaml.
- Run \`pnpm build\` before tests: apps use the packages' dist.
  - turbo caches the build
- See [the style guide](docs/STYLE.md) for **names**.

\`\`\`sh
- not a fact: a line of a code block
\`\`\`

## Testing
* [x] Tests bind 127.0.0.1 only.
- Use pnpm, never npm. The lockfile is pnpm-lock.yaml.
`;

describe("foundry import of a bullet list (MEMORY.md, CLAUDE.md)", () => {
  requireBuild();

  it("makes each top-level bullet a fact, dedupes a repeated one and supersedes a restated fact", () => {
    const root = project({ "MEMORY.md": MEMORY_MD });
    foundry(root, "write", "--title", "Tests bind 127.0.0.1 only", "--body", "Never 0.0.0.0.", "--type", "constraint");
    expect(foundry(root, "import", "MEMORY.md")).toEqual({
      status: 0,
      stdout: [
        "MEMORY.md:4: created: fact-0002",
        "MEMORY.md:5: created: fact-0003",
        "MEMORY.md:7: created: fact-0004",
        "MEMORY.md:14: created: fact-0005 (supersedes fact-0001)",
        "MEMORY.md:15: duplicate: fact-0002 already holds this title and body; nothing written.",
        "Imported MEMORY.md (bullet list, 5 entries): 3 created, 1 unchanged, 1 superseded, 0 skipped, 0 rejected.",
        "",
      ].join("\n"),
      stderr: "",
    });
    const facts = exported(root).filter((fact) => fact.source === "MEMORY.md");
    expect(facts.map(({ type, title, body, tags }) => ({ type, title, body, tags }))).toEqual([
      { type: "constraint", title: "Use pnpm, never npm", body: "Use pnpm, never npm. The lockfile is pnpm-lock.yaml.", tags: ["build"] },
      { type: "convention", title: "Run `pnpm build` before tests: apps use the packages' dist", body: "Run `pnpm build` before tests: apps use the packages' dist.\n- turbo caches the build", tags: ["build"] },
      { type: "convention", title: "See the style guide for names", body: "See the style guide for names.", tags: ["build"] },
      { type: "constraint", title: "Tests bind 127.0.0.1 only", body: "Tests bind 127.0.0.1 only.", tags: ["testing"] },
    ]);
  });

  it("reads CLAUDE.md the same way: a second import changes nothing, an over-long bullet is rejected and named", () => {
    const long = `- ${Array.from({ length: 121 }, (_, index) => `word${index}`).join(" ")}`;
    const root = project({ "CLAUDE.md": `# CLAUDE.md\n\n- Always run pnpm lint before a commit.\n${long}\n` });
    const first = foundry(root, "import", "CLAUDE.md");
    expect(first).toEqual({
      status: 1,
      stdout: [
        "CLAUDE.md:3: created: fact-0001",
        "CLAUDE.md:4: rejected: body is 121 words; the bound is 120. Keep one atomic fact; split the rest into further facts.",
        "Imported CLAUDE.md (bullet list, 2 entries): 1 created, 0 unchanged, 0 superseded, 0 skipped, 1 rejected.",
        "",
      ].join("\n"),
      stderr: "",
    });
    fs.writeFileSync(path.join(root, "CLAUDE.md"), "# CLAUDE.md\n\n- Always run pnpm lint before a commit.\n");
    expect(foundry(root, "import", "CLAUDE.md")).toEqual({
      status: 0,
      stdout: "CLAUDE.md:3: duplicate: fact-0001 already holds this title and body; nothing written.\nImported CLAUDE.md (bullet list, 1 entry): 0 created, 1 unchanged, 0 superseded, 0 skipped, 0 rejected.\n",
      stderr: "",
    });
    expect(exported(root).map(({ type, tags, source }) => ({ type, tags, source }))).toEqual([{ type: "constraint", tags: ["claude.md"], source: "CLAUDE.md" }]);
  });
});

const ADR_FOLDER = {
  "docs/adr/README.md": "# Decisions\n",
  "docs/adr/0001-record-architecture-decisions.md": `# 1. Record architecture decisions

Date: 2024-03-01

## Status

Accepted

## Context

We need to record the architectural decisions made on this project.

## Decision

We will use Architecture Decision Records, as described by Michael Nygard.

## Consequences

See Michael Nygard's article.
`,
  "docs/adr/0002-use-liquibase.md": `# 2. Use Liquibase for migrations

## Status

Superseded by [3. Use Flyway for migrations](0003-use-flyway-for-migrations.md)

## Context

The schema changes weekly.

## Decision

We will use Liquibase.
`,
  "docs/adr/0003-use-flyway-for-migrations.md": `---
status: accepted
date: 2024-05-02
decision-makers: Ana, Bo
---
# Use Flyway for migrations

## Context and Problem Statement

The schema changes weekly and the team reads plain SQL, not XML changelogs.

## Considered Options

* Flyway
* Liquibase

## Decision Outcome

Chosen option: "Flyway", because its migrations are plain SQL files.

### Consequences

* Good, because reviewers read SQL.
`,
  "docs/adr/0004-use-madr.md": `# Use Markdown Architectural Decision Records

* Status: proposed
* Date: 2023-01-01

## Context and Problem Statement

We want to record decisions in a lean format.

## Decision Outcome

Chosen option: "MADR 2.1.2", because it is lean and widely used.
`,
};

describe("foundry import of an ADR folder", () => {
  requireBuild();

  it("makes each standing ADR (adr-tools, MADR 2 and 4) a decision with source adr-NNNN, and a second import changes nothing", () => {
    const root = project(ADR_FOLDER);
    expect(foundry(root, "import", "docs/adr")).toEqual({
      status: 0,
      stdout: [
        "0001-record-architecture-decisions.md: created: fact-0001",
        '0002-use-liquibase.md: skipped: status "Superseded by 3. Use Flyway for migrations"; only a standing decision becomes a fact',
        "0003-use-flyway-for-migrations.md: created: fact-0002",
        "0004-use-madr.md: created: fact-0003",
        "Imported docs/adr (ADR folder, 4 entries): 3 created, 0 unchanged, 0 superseded, 1 skipped, 0 rejected.",
        "",
      ].join("\n"),
      stderr: "",
    });
    expect(exported(root).map(({ type, title, body, confidence, source, tags }) => ({ type, title, body, confidence, source, tags }))).toEqual([
      {
        type: "decision",
        title: "Record architecture decisions",
        body: "Why: We need to record the architectural decisions made on this project.\nHow to apply: We will use Architecture Decision Records, as described by Michael Nygard.",
        confidence: "high",
        source: "adr-0001",
        tags: ["adr"],
      },
      {
        type: "decision",
        title: "Use Flyway for migrations",
        body: 'Why: The schema changes weekly and the team reads plain SQL, not XML changelogs.\nHow to apply: Chosen option: "Flyway", because its migrations are plain SQL files.',
        confidence: "high",
        source: "adr-0003",
        tags: ["adr"],
      },
      {
        type: "decision",
        title: "Use Markdown Architectural Decision Records",
        body: 'Why: We want to record decisions in a lean format.\nHow to apply: Chosen option: "MADR 2.1.2", because it is lean and widely used.',
        confidence: "low",
        source: "adr-0004",
        tags: ["adr"],
      },
    ]);
    const again = foundry(root, "import", "docs/adr");
    expect(again.status).toBe(0);
    expect(again.stdout.split("\n").at(-2)).toBe("Imported docs/adr (ADR folder, 4 entries): 0 created, 3 unchanged, 0 superseded, 1 skipped, 0 rejected.");
    expect(again.stdout).toContain("0003-use-flyway-for-migrations.md: duplicate: fact-0002 already holds this title and body; nothing written.\n");
  });

  it("cuts a long ADR to memory_write's bounds: title at 80 characters, body at 120 words", () => {
    const words = (count: number, stem: string): string => Array.from({ length: count }, (_, index) => `${stem}${index}`).join(" ");
    const heading = `Adopt ${words(20, "component")}`;
    const root = project({ "adr/0012-long.md": `# 12. ${heading}\n\n## Status\n\nAccepted\n\n## Context\n\n${words(200, "why")}\n\n## Decision\n\n${words(200, "how")}\n` });
    expect(foundry(root, "import", "adr").status).toBe(0);
    const [fact] = exported(root);
    expect([...(fact?.title as string)].length).toBeLessThanOrEqual(80);
    expect(fact?.title).toMatch(/^Adopt component0 component1 .*…$/);
    expect((fact?.body as string).split(/\s+/).length).toBe(120);
    expect(fact?.body).toMatch(/^Why: why0 why1 .* why45…\nHow to apply: how0 .* how69…$/);
    expect(fact?.source).toBe("adr-0012");
  });
});

describe("foundry import of an export file", () => {
  requireBuild();

  it("round-trips: export, import into an empty store, export again gives the same active facts", () => {
    const source = project({ "MEMORY.md": MEMORY_MD, ...ADR_FOLDER });
    foundry(source, "import", "MEMORY.md");
    foundry(source, "import", "docs/adr");
    foundry(source, "write", "--title", "Money is integer cents", "--body", "Floats lose cents.", "--type", "constraint", "--scope", "module:billing", "--tags", "money", "--expires", "2999-01-31");
    foundry(source, "write", "--title", "Use pnpm, never npm", "--body", "pnpm only; npm breaks the lockfile.", "--type", "constraint", "--confidence", "high");
    const dump = foundry(source, "export").stdout;
    const file = path.join(source, "facts.jsonl");
    fs.writeFileSync(file, dump);

    const target = project();
    const imported = foundry(target, "import", file);
    expect(imported.status).toBe(0);
    expect(imported.stdout).toContain("facts.jsonl:1: skipped: fact-0001 is superseded in the file\n");
    expect(imported.stdout.split("\n").at(-2)).toBe(`Imported ${file} (export file, 9 entries): 8 created, 0 unchanged, 0 superseded, 1 skipped, 0 rejected.`);

    const content = ({ id: _id, created: _created, supersedes: _supersedes, supersededBy: _by, ...fields }: ExportedFact): ExportedFact => fields;
    const byTitle = (left: ExportedFact, right: ExportedFact): number => String(left.title).localeCompare(String(right.title));
    const active = exported(source).filter((fact) => fact.supersededBy === undefined);
    expect(exported(target).map(content).sort(byTitle)).toEqual(active.map(content).sort(byTitle));

    const again = foundry(target, "import", file);
    expect(again.stdout.split("\n").at(-2)).toBe(`Imported ${file} (export file, 9 entries): 0 created, 8 unchanged, 0 superseded, 1 skipped, 0 rejected.`);
  });

  it("skips expired facts and rejects a line that is not a fact, naming it", () => {
    const fact = { id: "fact-0007", type: "convention", title: "Tabs", body: "The formatter says so.", scope: "project", tags: [], confidence: "medium", source: "code", created: "2020-01-01T00:00:00Z" };
    const root = project({
      "old.jsonl": `${JSON.stringify({ ...fact, expires: "2020-12-31" })}\nnot json\n[1]\n${JSON.stringify({ ...fact, id: "fact-0008", title: "Spaces", confidence: "sure" })}\n`,
    });
    expect(foundry(root, "import", "old.jsonl")).toEqual({
      status: 1,
      stdout: [
        "old.jsonl:1: skipped: fact-0007 expired on 2020-12-31",
        "old.jsonl:2: rejected: the line is not JSON; an export file holds one fact object a line",
        "old.jsonl:3: rejected: the line is not a JSON object; an export file holds one fact object a line",
        'old.jsonl:4: rejected: confidence "sure" is not one of high | medium | low.',
        "Imported old.jsonl (export file, 4 entries): 0 created, 0 unchanged, 0 superseded, 1 skipped, 3 rejected.",
        "",
      ].join("\n"),
      stderr: "",
    });
  });
});

describe("foundry import refusals", () => {
  requireBuild();

  it("exits 2 without a path, and 1 for a missing path or a folder without ADR files", () => {
    const root = project({ "notes/readme.md": "# notes\n" });
    expect(foundry(root, "import")).toEqual({ status: 2, stdout: "", stderr: "foundry import: missing <file|folder>. Run foundry import --help.\n" });
    expect(foundry(root, "import", "a.md", "b.md").stderr).toBe('foundry import: unknown argument "b.md". Run foundry import --help.\n');
    expect(foundry(root, "import", "gone.md")).toEqual({
      status: 1,
      stdout: "",
      stderr: `foundry import: ${path.join(root, "gone.md")} does not exist; give a file (MEMORY.md, CLAUDE.md, an export .jsonl) or an ADR folder.\n`,
    });
    expect(foundry(root, "import", "notes")).toEqual({
      status: 1,
      stdout: "",
      stderr: `foundry import: ${path.join(root, "notes")} holds no ADR file (NNNN-title.md, as adr-tools and MADR name them); give an ADR folder, a MEMORY.md or CLAUDE.md, or an export file.\n`,
    });
    expect(fs.existsSync(path.join(root, ".foundry"))).toBe(false);
  });
});
