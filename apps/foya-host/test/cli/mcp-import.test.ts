// `foya mcp import` as a person uses it: the built CLI on client-manager's realistic VS Code
// fixture (inputs, envFile, ${workspaceFolder}, dev), first --dry-run (prints the mcp.json it
// would write, writes nothing), then for real; secrets land only in the 0600 credentials file and
// never in the output; a refused server is named with its reason; `mcp list` shows the auth kind.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, describe, expect, it } from "vitest";
import { removeTemporaryFolders, runFoya, temporaryFolder } from "../support/processes";

const here = path.dirname(fileURLToPath(import.meta.url));
const workspace = path.resolve(here, "../../../../packages/client-manager/test/__fixtures__/import/vscode/repo");
const file = path.join(workspace, ".vscode/mcp.json");
const SECRETS = ["ghp-cli-secret-1", "pplx-cli-secret-2", "mem-secret-value"];
const inputs = ["--input", `github-pat=${SECRETS[0]}`, "--input", `perplexity-key=${SECRETS[1]}`, "--input", "project-name=shop"];

afterAll(() => removeTemporaryFolders());

describe("foya mcp import", () => {
  const home = path.join(temporaryFolder("import-home"), "foya");

  it("--dry-run prints what would be written and writes nothing", () => {
    const dry = runFoya(home, ["mcp", "import", file, "--dry-run", ...inputs]);
    expect(dry.status, dry.stderr).toBe(0);
    expect(dry.stdout).toContain(`Would import 4 from ${file} (read as vscode): github, perplexity, memory, remote-sse.`);
    expect(dry.stdout).toContain("Secrets of github, perplexity, memory would go to mcp-credentials.json (0600), not mcp.json.");
    expect(dry.stdout).toContain("Refused 1: token-in-args (see the warnings).");
    expect(dry.stdout).toContain(`"cwd": "${workspace}"`);
    expect(dry.stderr).toContain("warning: token-in-args: refused, args[3] holds a password input");
    expect(fs.existsSync(path.join(home, "mcp.json"))).toBe(false);
    expect(fs.existsSync(path.join(home, "mcp-credentials.json"))).toBe(false);
    for (const secret of SECRETS) expect(dry.stdout + dry.stderr).not.toContain(secret);
  });

  it("imports, keeps secrets in the credentials file only, and lists the auth kind", () => {
    const done = runFoya(home, ["mcp", "import", file, "--json", ...inputs]);
    expect(done.status, done.stderr).toBe(0);
    const report = JSON.parse(done.stdout) as { imported: string[]; refused: Array<{ name: string }>; tokens_stored: string[]; secrets_stored: string[]; dry_run: boolean };
    expect(report).toMatchObject({ dry_run: false, imported: ["github", "perplexity", "memory", "remote-sse"], tokens_stored: ["github"], secrets_stored: ["perplexity", "memory"] });
    expect(report.refused.map((entry) => entry.name)).toEqual(["token-in-args"]);
    const config = fs.readFileSync(path.join(home, "mcp.json"), "utf8");
    const credentials = fs.readFileSync(path.join(home, "mcp-credentials.json"), "utf8");
    for (const secret of SECRETS) {
      expect(config).not.toContain(secret);
      expect(credentials).toContain(secret);
    }
    expect(config).not.toContain("${workspaceFolder}");
    const list = runFoya(home, ["mcp", "list"]);
    const lines = list.stdout.split("\n");
    expect(lines[0]).toMatch(/^name +enabled +transport +auth +token +target$/);
    expect(lines.find((line) => line.startsWith("github "))).toMatch(/^github +enabled +streamable_http +bearer +yes +https:\/\/api\.githubcopilot\.com\/mcp\/$/);
    expect(lines.find((line) => line.startsWith("memory "))).toMatch(/^memory +enabled +stdio +none +no +node /);
    for (const secret of SECRETS) expect(list.stdout + done.stdout + done.stderr).not.toContain(secret);
  });

  it("refuses an unknown --format with the list of formats", () => {
    const bad = runFoya(home, ["mcp", "import", file, "--format", "zed"]);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain('--format must be one of claude-desktop, claude-code, cursor, vscode, got "zed"');
  });
});
