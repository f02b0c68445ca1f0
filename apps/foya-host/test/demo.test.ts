// `foya demo` from the built output: it starts the bundled foundry-server and amicited-gateway,
// walks through memory and progressive disclosure, prints the token table, cleans up, exits 0.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { FOUNDRY_SERVER, FOYA, GATEWAY, processesMentioning, removeTemporaryFolders, runFoya, temporaryFolder } from "./support/processes";

afterAll(() => removeTemporaryFolders());

describe("foya demo", () => {
  it("runs the main job end to end and exits 0", { timeout: 120_000 }, () => {
    expect(fs.existsSync(FOYA), `build first: ${FOYA}`).toBe(true);
    expect(fs.existsSync(FOUNDRY_SERVER), `build apps/foundry-server first: ${FOUNDRY_SERVER}`).toBe(true);
    expect(fs.existsSync(GATEWAY), `build apps/amicited-gateway first: ${GATEWAY}`).toBe(true);
    const before = new Set(fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("foya-demo-")));
    const home = temporaryFolder("demo-home");
    const result = runFoya(home, ["demo"]);
    expect(result.status, result.stderr).toBe(0);
    const out = result.stdout;
    for (const section of ["== 1. Starting servers", "== 2. Status", "== 3. Memory (foundry-server)", "== 4. Progressive disclosure (amicited-gateway)", "== 5. What it cost in tokens", "== 6. Cleanup"]) {
      expect(out).toContain(section);
    }
    expect(out).toMatch(/^foundry\s+connected\s+9\s/m);
    expect(out).toMatch(/^amicited\s+connected\s+4\s/m);
    expect(out).toContain("created: fact-0001");
    expect(out).toContain("# Foundry token report");
    expect(out).toContain('search_tools "is the site down"');
    expect(out).toMatch(/describe_tool uptime_\w+ → kind read/);
    expect(out).toMatch(/run_tool uptime_\w+/);
    expect(out).toContain("| memory step | foya path | tokens | eager alternative | tokens |");
    expect(out).toContain("| tools step | foya path | tokens | eager alternative | tokens |");
    expect(out).toMatch(/Saved ~\d+ tokens \(\d+% less than the eager path\)\./);
    // The status table and the token table measure the four tools with the same function.
    const statusFigure = /^amicited\s+connected\s+4\s+\d+\s+\d+\s+(~\d+)\s/m.exec(out)?.[1];
    const tableFigure = /^\| tool definitions in context \| 4 tools \| (~\d+) \|/m.exec(out)?.[1];
    expect(statusFigure).toBeDefined();
    expect(tableFigure).toBe(statusFigure);
    // Nothing written to FOYA_HOME, temp folders removed, no child left.
    expect(fs.readdirSync(home)).toEqual([]);
    const after = fs.readdirSync(os.tmpdir()).filter((name) => name.startsWith("foya-demo-") && !before.has(name));
    expect(after).toEqual([]);
    const scratch = /sessions closed, child processes ended, (\S+) removed\./.exec(out)?.[1];
    expect(scratch).toBeDefined();
    expect(processesMentioning(scratch as string)).toEqual([]);
  });

  it("fails with one clear line when a bundle is missing", () => {
    const home = temporaryFolder("demo-missing");
    const missing = path.join(home, "nowhere", "gateway.mjs");
    const result = runFoya(home, ["demo", "--gateway", missing]);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe(`foya: foya demo needs the amicited-gateway bundle at ${missing}; build it first (pnpm build from the repository root).`);
  });
});
