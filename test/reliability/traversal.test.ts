// Path traversal: every name or path a foundry-server tool or resource accepts stays inside its
// folder, whatever the model sends.
import { existsSync, mkdirSync, readdirSync, symlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cleanupTemporaryDirs, connectFoundry, resultText, temporaryDir } from "./support/programs";

const HOSTILE_NAMES = ["..", ".", "", "../escape", "../../escape", "/etc/passwd", "..\\..\\escape", "%2e%2e%2fescape", "..%2F..%2Fescape", "a/../../escape", "\u0000", "…/escape", "ｅｓｃａｐｅ/..", "x".repeat(5000), "./.", "/"];

let parent: string;
let root: string;
let client: Client;

/** Every path under `dir`, relative to it. */
function tree(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" }).sort();
}

beforeAll(async () => {
  parent = temporaryDir("traversal");
  root = path.join(parent, "project");
  mkdirSync(path.join(root, ".foundry/runbooks"), { recursive: true });
  writeFileSync(path.join(root, ".foundry/runbooks/deploy.md"), "---\ntitle: Deploy\ntrigger: before a release\n---\n# Deploy\n");
  writeFileSync(path.join(parent, "secret.json"), JSON.stringify({ summary: "outside the root", failureScenario: "leak" }));
  writeFileSync(path.join(parent, "secret.md"), "---\ntitle: Secret\n---\nsecret runbook outside the root\n");
  symlinkSync(path.join(parent, "secret.json"), path.join(root, "link-out.json"));
  client = await connectFoundry(root);
});

afterAll(async () => {
  await client?.close();
  cleanupTemporaryDirs();
});

describe("path traversal through foundry-server", () => {
  it("blackboard wave and agent names never leave the blackboard folder", async () => {
    const outsideBefore = readdirSync(parent).sort();
    for (const wave of HOSTILE_NAMES) {
      for (const agent of ["reviewer", ...HOSTILE_NAMES.slice(0, 6)]) {
        const result = await client.callTool({ name: "blackboard_write", arguments: { wave, agent, schema: "finding.v1", data: { title: "t", failureScenario: "f", severity: "low" } } });
        const text = resultText(result);
        if (result.isError) {
          expect(text).toMatch(/^blackboard_write failed: /);
        } else {
          const written = /^Wrote (\.foundry\/blackboard\/([^/\n]+)\/([^/\n]+)\.json) \(/.exec(text);
          expect(written, text).not.toBeNull();
          expect([".", ".."]).not.toContain(written![2]);
          expect(existsSync(path.join(root, written![1]!))).toBe(true);
        }
      }
    }
    expect(readdirSync(parent).sort()).toEqual(outsideBefore);
    for (const entry of tree(path.join(root, ".foundry/blackboard"))) expect(entry.split(path.sep).length).toBeLessThanOrEqual(2);
  });

  it("blackboard_read with hostile names reads nothing outside", async () => {
    for (const wave of HOSTILE_NAMES) {
      const text = resultText(await client.callTool({ name: "blackboard_read", arguments: { wave, full: true } }));
      expect(text).not.toContain("outside the root");
    }
  });

  it("runbook_get refuses slugs that could leave the runbooks folder", async () => {
    for (const slug of ["../secret", "../../secret", "/etc/passwd", "..", "deploy/../../secret", "%2e%2e/secret", "..\\secret"]) {
      const result = await client.callTool({ name: "runbook_get", arguments: { slug } });
      expect(result.isError, slug).toBe(true);
      expect(resultText(result)).not.toContain("secret runbook outside the root");
    }
    expect(resultText(await client.callTool({ name: "runbook_get", arguments: { slug: "deploy" } }))).toContain("# Deploy");
  });

  it("contract_validate refuses paths outside the root: .., absolute, symlink out", async () => {
    for (const target of ["../secret.json", path.join(parent, "secret.json"), "link-out.json", "sub/../../secret.json", "/etc/passwd"]) {
      const result = await client.callTool({ name: "contract_validate", arguments: { schema: "finding.v1", path: target } });
      expect(result.isError, target).toBe(true);
      expect(resultText(result)).toMatch(/^contract_validate failed: /);
      expect(resultText(result)).not.toMatch(/VALID against/);
    }
  });

  it("resource URIs outside the known set are refused with -32602", async () => {
    for (const uri of ["foundry://runbooks/../../secret", "foundry://runbooks/..%2F..%2Fsecret", "file:///etc/passwd", "foundry://memory/../../secret.md", "foundry://runbooks/"]) {
      await expect(client.readResource({ uri }), uri).rejects.toMatchObject({ code: -32602 });
    }
  });
});
