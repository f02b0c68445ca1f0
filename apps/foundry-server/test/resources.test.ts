// resources/list and resources/read through the built bundle: the index (built on the fly), the
// contract list, one resource per runbook, and -32602 for anything else.
import fs from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { callTool, cleanup, connectClient, makeTempDir, requireBuild, writeFiles } from "./support/server-process";

const DEPLOY = "---\ntitle: Deploy to production\ntrigger: deploy, release to prod\n---\n\n# Deploy to production\n\n1. Tag the release.\n";
const ROTATE = "---\ntitle: Rotate third-party API keys\n---\n\n# Rotate\n";

let root: string;
let client: Client;

beforeAll(async () => {
  requireBuild();
  root = makeTempDir("foundry-resources-");
  writeFiles(root, { ".foundry/runbooks/deploy-production.md": DEPLOY, ".foundry/runbooks/rotate-api-keys.md": ROTATE });
  client = await connectClient(root);
});
afterAll(cleanup);

describe("resources/list", () => {
  it("lists the index, the contracts and one resource per runbook, all markdown", async () => {
    expect((await client.listResources()).resources).toEqual([
      {
        uri: "foundry://memory/index",
        name: "Memory index",
        mimeType: "text/markdown",
        description: "The budgeted index of active facts (.foundry/memory/INDEX.md).",
      },
      {
        uri: "foundry://contracts",
        name: "I/O contracts",
        mimeType: "text/markdown",
        description: "Every contract id usable with contract_validate and blackboard_write.",
      },
      { uri: "foundry://runbooks/deploy-production", name: "Runbook: Deploy to production", mimeType: "text/markdown", description: "deploy, release to prod" },
      { uri: "foundry://runbooks/rotate-api-keys", name: "Runbook: Rotate third-party API keys", mimeType: "text/markdown" },
    ]);
  });

  it("follows runbooks added while the server runs (stateless)", async () => {
    writeFiles(root, { ".foundry/runbooks/hotfix.md": "---\ntitle: Ship a hotfix\n---\n" });
    const uris = (await client.listResources()).resources.map((resource) => resource.uri);
    expect(uris).toContain("foundry://runbooks/hotfix");
    fs.rmSync(path.join(root, ".foundry/runbooks/hotfix.md"));
  });
});

describe("resources/read", () => {
  it("builds the memory index on the fly when it is missing, and serves it afterwards", async () => {
    const index = path.join(root, ".foundry/memory/INDEX.md");
    expect(fs.existsSync(index)).toBe(false);
    const [first] = (await client.readResource({ uri: "foundry://memory/index" })).contents;
    expect(first).toMatchObject({ uri: "foundry://memory/index", mimeType: "text/markdown" });
    expect(fs.readFileSync(index, "utf8")).toBe((first as { text: string }).text);
    await callTool(client, "memory_write", { title: "Deploys happen on weekdays only", body: "No deploys on Friday after noon.", type: "constraint" });
    const [second] = (await client.readResource({ uri: "foundry://memory/index" })).contents;
    expect((second as { text: string }).text).toContain("Deploys happen on weekdays only");
    expect((second as { text: string }).text).toBe(fs.readFileSync(index, "utf8"));
  });

  it("lists every contract id with what it is for", async () => {
    const [contracts] = (await client.readResource({ uri: "foundry://contracts" })).contents;
    const text = (contracts as { text: string }).text;
    expect(contracts).toMatchObject({ uri: "foundry://contracts", mimeType: "text/markdown" });
    expect(text.split("\n").map((line) => line.split(" — ")[0])).toEqual([
      "- analysis.v1",
      "- finding.v1",
      "- handoff.v1",
      "- plan.v1",
      "- review.v1",
      "- task.v1",
    ]);
    expect(text).toContain("- finding.v1 — One problem found by a reviewer or auditor.");
  });

  it("lists project contracts and the project contract files that were skipped", async () => {
    const project = makeTempDir("foundry-resources-");
    writeFiles(project, {
      ".foundry/contracts/note.v1.json": JSON.stringify({ title: "Note", type: "object" }),
      ".foundry/contracts/broken.v1.json": "{ not json",
    });
    const [contracts] = (await (await connectClient(project)).readResource({ uri: "foundry://contracts" })).contents;
    const text = (contracts as { text: string }).text;
    expect(text).toContain("- note.v1 — Note");
    expect(text).toMatch(/\n\nSkipped project contracts:\n- .*broken\.v1\.json/);
  });

  it("returns a runbook's markdown verbatim", async () => {
    expect((await client.readResource({ uri: "foundry://runbooks/deploy-production" })).contents).toEqual([
      { uri: "foundry://runbooks/deploy-production", mimeType: "text/markdown", text: DEPLOY },
    ]);
  });

  it.each(["foundry://nope", "foundry://runbooks/nope", "foundry://runbooks/..%2F..%2Fetc%2Fpasswd", "foundry://runbooks/", "file:///etc/passwd", "foundry://memory/index/extra"])(
    "answers %s with -32602 Unknown resource",
    async (uri) => {
      await expect(client.readResource({ uri })).rejects.toMatchObject({ code: -32602, message: `MCP error -32602: Unknown resource: ${uri}` });
    },
  );
});
