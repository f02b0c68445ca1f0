// LearnedRequestsFile: a host's learned search requests in its home folder, bounded, private,
// and safe under parallel writers (real files, real child processes).
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LearnedRequestsFile } from "../src/node";
import { makeTempDir } from "./helpers";

const BUILT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../dist/node.js");

// A child process adding `count` pairs one call at a time, as a serve process learns them.
function addInChild(home: string, label: string, count: number): Promise<number | null> {
  const script = `const { LearnedRequestsFile } = await import(${JSON.stringify(BUILT)}); const file = new LearnedRequestsFile(${JSON.stringify(home)}); for (let i = 0; i < ${count}; i += 1) file.add([{ tool: "t_${label}", request: "request " + i }]);`;
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ["--input-type=module", "-e", script], { stdio: "inherit" });
    child.on("error", reject);
    child.on("exit", (code) => resolve(code));
  });
}

describe("LearnedRequestsFile", () => {
  it("keeps pairs oldest first in a 0600 file, a pair learned again moved to the newest place", () => {
    const home = makeTempDir();
    const file = new LearnedRequestsFile(home);
    expect(file.load()).toEqual([]);
    file.add([{ tool: "a", request: "one" }, { tool: "b", request: "two" }]);
    file.add([{ tool: "a", request: "ONE" }]);
    expect(file.load()).toEqual([{ tool: "b", request: "two" }, { tool: "a", request: "ONE" }]);
    expect(fs.statSync(path.join(home, "learned-requests.json")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(home, "mcp.lock"))).toBe(false);
  });

  it("keeps the newest maxEntries pairs", () => {
    const file = new LearnedRequestsFile(makeTempDir(), { maxEntries: 3 });
    for (const request of ["r1", "r2", "r3", "r4", "r5"]) file.add([{ tool: "t", request }]);
    expect(file.load().map((pair) => pair.request)).toEqual(["r3", "r4", "r5"]);
  });

  it("reads a broken file as empty, says so, and leaves out malformed entries", () => {
    const home = makeTempDir();
    const warnings: string[] = [];
    const file = new LearnedRequestsFile(home, { onWarning: (message) => warnings.push(message) });
    fs.writeFileSync(path.join(home, "learned-requests.json"), "{ not json");
    expect(file.load()).toEqual([]);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toContain(`${path.join(home, "learned-requests.json")} is left unread: `);
    fs.writeFileSync(path.join(home, "learned-requests.json"), JSON.stringify({ learned: [{ tool: "a", request: "ok" }, { tool: 1, request: "x" }, { tool: "b", request: "y".repeat(2001) }, "z"] }));
    expect(file.load()).toEqual([{ tool: "a", request: "ok" }]);
  });

  it("refuses a bound below one", () => {
    expect(() => new LearnedRequestsFile(makeTempDir(), { maxEntries: 0 })).toThrow("maxEntries must be a whole number of 1 or more; got 0");
  });

  it("loses no pair when two processes add at once", async () => {
    expect(fs.existsSync(BUILT), `build first: ${BUILT}`).toBe(true);
    const home = makeTempDir();
    expect(await Promise.all([addInChild(home, "x", 40), addInChild(home, "y", 40)])).toEqual([0, 0]);
    const pairs = new LearnedRequestsFile(home).load();
    expect(pairs).toHaveLength(80);
    for (const label of ["x", "y"]) expect(pairs.filter((pair) => pair.tool === `t_${label}`).map((pair) => pair.request)).toEqual(Array.from({ length: 40 }, (_, i) => `request ${i}`));
  });
});
