import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FoundryMemory, MemoryError, NO_RUNBOOKS, formatRunbookList } from "../src/index";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
let memory: FoundryMemory;
beforeEach(() => {
  ({ root, cleanup } = makeTempRoot());
  memory = new FoundryMemory({ root });
});
afterEach(() => cleanup());

function writeRunbook(slug: string, text: string) {
  mkdirSync(path.join(root, ".foundry/runbooks"), { recursive: true });
  writeFileSync(path.join(root, ".foundry/runbooks", `${slug}.md`), text);
}

const DEPLOY =
  "---\ntitle: Deploy to production\ntrigger: deploy, release to prod\n---\n# Deploy\n1. Tag.\n";

describe("runbooks", () => {
  it("lists nothing with the SPEC sentence", async () => {
    expect(await memory.listRunbooks()).toEqual([]);
    expect(memory.formatRunbookList([])).toBe(
      "No runbooks yet. Create one with the runbook-author skill after any task worth repeating.",
    );
    expect(NO_RUNBOOKS).toBe(memory.formatRunbookList([]));
  });

  it("lists slugs, titles and triggers in the SPEC format", async () => {
    writeRunbook("rotate-api-keys", "---\ntitle: Rotate third-party API keys\n---\nSteps.\n");
    writeRunbook("deploy-production", DEPLOY);
    writeRunbook("no-front-matter", "# Restore a backup\nSteps.\n");
    writeFileSync(path.join(root, ".foundry/runbooks/notes.txt"), "ignored");
    const runbooks = await memory.listRunbooks();
    expect(runbooks).toEqual([
      {
        slug: "deploy-production",
        title: "Deploy to production",
        trigger: "deploy, release to prod",
      },
      { slug: "no-front-matter", title: "Restore a backup" },
      { slug: "rotate-api-keys", title: "Rotate third-party API keys" },
    ]);
    expect(formatRunbookList(runbooks)).toBe(
      "- **deploy-production** — Deploy to production\n  trigger: deploy, release to prod\n- **no-front-matter** — Restore a backup\n- **rotate-api-keys** — Rotate third-party API keys",
    );
  });

  it("gets the full markdown of one runbook", async () => {
    writeRunbook("deploy-production", DEPLOY);
    expect(await memory.getRunbook("deploy-production")).toEqual({
      slug: "deploy-production",
      title: "Deploy to production",
      trigger: "deploy, release to prod",
      markdown: DEPLOY,
    });
  });

  it("an unknown slug is RUNBOOK_NOT_FOUND listing the available slugs", async () => {
    writeRunbook("deploy-production", DEPLOY);
    writeRunbook("rotate-api-keys", "x");
    const error = (await memory
      .getRunbook("deploy")
      .catch((caught: unknown) => caught)) as MemoryError;
    expect(MemoryError.isInstance(error)).toBe(true);
    expect(error.code).toBe("RUNBOOK_NOT_FOUND");
    expect(error.message).toBe(
      'no runbook "deploy". Available: deploy-production, rotate-api-keys.',
    );
  });

  it.each(["../config", "..", "a/b", "/etc/passwd", ".hidden", "x\\..\\y", ""])(
    "refuses the unsafe slug %j",
    async (slug) => {
      mkdirSync(path.join(root, ".foundry"), { recursive: true });
      writeFileSync(path.join(root, ".foundry/config.json"), "{}");
      const error = (await memory
        .getRunbook(slug)
        .catch((caught: unknown) => caught)) as MemoryError;
      expect(error.code).toBe("INVALID_INPUT");
      expect(error.message).toBe(
        `slug ${JSON.stringify(slug)} is not a runbook name: use letters, digits, ".", "_" and "-" as runbook_list shows them.`,
      );
    },
  );
});
