// LearnedRequestsFile: a host's learned search requests in its home folder, bounded, private,
// and safe under parallel writers (real files, real child processes).
import fs from "node:fs";
import path from "node:path";
import { spawn } from "node:child_process";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { LearnedRequestsFile, type LearnedSelection } from "../src/node";
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
    // No forget recorded: the shape files had before forgets were.
    expect(JSON.parse(fs.readFileSync(file.path, "utf8"))).toEqual({ learned: [{ tool: "b", request: "two" }, { tool: "a", request: "ONE" }] });
    expect(fs.statSync(path.join(home, "learned-requests.json")).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(home, "mcp.lock"))).toBe(false);
  });

  it("takes requests that differ only in spacing and case as one, as the catalog does", () => {
    // regression: the file folded case only, so "tot up  two numbers" and "Tot up two numbers" were two pairs the catalog holds as one.
    const file = new LearnedRequestsFile(makeTempDir());
    file.add([{ tool: "t", request: "tot up  two numbers" }, { tool: "t", request: "other" }]);
    file.add([{ tool: "t", request: " Tot up two\tnumbers" }, { tool: "u", request: "tot up two numbers" }]);
    expect(file.load()).toEqual([{ tool: "t", request: "other" }, { tool: "t", request: "Tot up two numbers" }, { tool: "u", request: "tot up two numbers" }]);
  });

  it("keeps a request less what looks like a secret, and cleans pairs an earlier version wrote", () => {
    const home = makeTempDir();
    const file = new LearnedRequestsFile(home);
    file.add([{ tool: "t", request: "tot up for ops@example.com key sk-live-4f9aK2mXq81LzQ7wZbT" }, { tool: "t", request: "jane@example.com" }]);
    expect(file.load()).toEqual([{ tool: "t", request: "tot up for key" }]);
    const written = path.join(home, "learned-requests.json");
    fs.writeFileSync(written, JSON.stringify({ learned: [{ tool: "u", request: "refund card 4111 1111 1111 1111" }, { tool: "u", request: "token=abc123def" }, { tool: "u", request: "4111111111111111" }] }));
    expect(file.load()).toEqual([{ tool: "u", request: "refund card" }, { tool: "u", request: "token" }]);
    file.add([{ tool: "v", request: "next" }]);
    expect(JSON.parse(fs.readFileSync(written, "utf8"))).toEqual({ learned: [{ tool: "u", request: "refund card" }, { tool: "u", request: "token" }, { tool: "v", request: "next" }] });
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

  it("forgets one tool's, one prefix's or all pairs under the lock, says how many, and records each forget", () => {
    const home = makeTempDir();
    const file = new LearnedRequestsFile(home);
    file.add([{ tool: "mcp__ev__a", request: "one" }, { tool: "mcp__mem__b", request: "two" }, { tool: "mcp__ev__c", request: "three" }, { tool: "mcp__ev__a", request: "four" }]);
    expect(file.forget({ toolPrefix: "mcp__none__" })).toBe(0);
    expect(file.forget({ tool: "mcp__ev__a" })).toBe(2);
    expect(file.load()).toEqual([{ tool: "mcp__mem__b", request: "two" }, { tool: "mcp__ev__c", request: "three" }]);
    expect(file.forget({ toolPrefix: "mcp__ev__" })).toBe(1);
    expect(file.forget({ all: true })).toBe(1);
    // Each forget is recorded, the ones that removed nothing too (a serve may hold such a pair unwritten).
    expect(JSON.parse(fs.readFileSync(file.path, "utf8"))).toEqual({
      learned: [],
      forgets: [
        { toolPrefix: "mcp__none__", generation: 1 },
        { tool: "mcp__ev__a", generation: 2 },
        { toolPrefix: "mcp__ev__", generation: 3 },
        { all: true, generation: 4 },
      ],
    });
    expect(fs.statSync(file.path).mode & 0o777).toBe(0o600);
    expect(fs.existsSync(path.join(home, "mcp.lock"))).toBe(false);
  });

  it("refuses a forget selection that names nothing or a name out of bounds, writing nothing", () => {
    const home = makeTempDir();
    const file = new LearnedRequestsFile(home);
    const refusal = /^A forget selection is \{ all: true \}, \{ tool \} or \{ toolPrefix \}, with a name of 1-128 characters; got /;
    for (const selection of [{}, { tool: "" }, { toolPrefix: "x".repeat(129) }, { all: false }, { tool: "a", toolPrefix: "b" }]) {
      expect(() => file.forget(selection as LearnedSelection), JSON.stringify(selection)).toThrow(refusal);
    }
    expect(() => file.forget({} as LearnedSelection)).toThrow(expect.objectContaining({ code: "CONFIG_INVALID" }));
    expect(fs.readdirSync(home)).toEqual([]);
  });

  it("refuses to forget in, or strictly read, a broken file, saying how to fix it", () => {
    const home = makeTempDir();
    fs.writeFileSync(path.join(home, "learned-requests.json"), "{ not json");
    const file = new LearnedRequestsFile(home, { onWarning: () => undefined });
    expect(() => file.forget({ all: true })).toThrow(/is not valid JSON .*; fix or remove it/);
    expect(() => file.loadOrThrow()).toThrow(/is not valid JSON .*; fix or remove it/);
    fs.writeFileSync(path.join(home, "learned-requests.json"), "[]");
    expect(() => file.loadOrThrow()).toThrow(`${path.join(home, "learned-requests.json")} has no "learned" list; fix or remove it`);
  });

  it("loadIfChanged reads only when another writer replaced or removed the file", () => {
    const home = makeTempDir();
    const mine = new LearnedRequestsFile(home);
    const other = new LearnedRequestsFile(home);
    expect(mine.load()).toEqual([]);
    expect(mine.loadIfChanged()).toBeUndefined();
    other.add([{ tool: "t", request: "from the other" }]);
    expect(mine.loadIfChanged()).toEqual([{ tool: "t", request: "from the other" }]);
    expect(mine.loadIfChanged()).toBeUndefined();
    other.forget({ all: true });
    expect(mine.loadIfChanged()).toEqual([]);
    other.add([{ tool: "t", request: "again" }]);
    fs.rmSync(mine.path);
    expect(mine.loadIfChanged()).toEqual([]);
    expect(mine.loadIfChanged()).toBeUndefined();
  });

  it("keeps a pair whose write failed, counts it as kept, and writes it at the next look", () => {
    // regression: a pair whose write failed was dropped, so a serve following the file forgot what it had just learned.
    const home = makeTempDir();
    const warnings: string[] = [];
    const file = new LearnedRequestsFile(home, { lockTimeoutMs: 50, onWarning: (message) => warnings.push(message) });
    // The lock held by a live process (this one, as another module would hold it) for longer than the wait.
    fs.writeFileSync(path.join(home, "mcp.lock"), `${process.pid} held\n`);
    file.add([{ tool: "t", request: "kept meanwhile" }]);
    file.add([{ tool: "t", request: "and this" }]);
    expect(fs.existsSync(file.path)).toBe(false);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]).toMatch(/^1 learned request not yet kept in .*learned-requests\.json \(tried again later\): /);
    expect(file.load()).toEqual([{ tool: "t", request: "kept meanwhile" }, { tool: "t", request: "and this" }]);
    fs.rmSync(path.join(home, "mcp.lock"));
    expect(file.loadIfChanged()).toEqual([{ tool: "t", request: "kept meanwhile" }, { tool: "t", request: "and this" }]);
    expect(new LearnedRequestsFile(home).load()).toEqual([{ tool: "t", request: "kept meanwhile" }, { tool: "t", request: "and this" }]);
  });
});
