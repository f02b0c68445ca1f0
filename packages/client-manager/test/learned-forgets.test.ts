// A forget wins over pairs a running serve holds unwritten: LearnedRequestsFile records each
// forget (what went, a generation that only grows) and a pair whose write failed is dropped, not
// written, when a forget since names it. Real files; the write fails for real, the home's lock
// held by a child process.
import fs from "node:fs";
import path from "node:path";
import { spawn, type ChildProcess } from "node:child_process";
import { afterEach, describe, expect, it } from "vitest";
import { LearnedRequestsFile, MAX_FORGET_RECORDS, type LearnedPair } from "../src/node";
import { makeTempDir } from "./helpers";

const SUM: LearnedPair = { tool: "mcp__ev__get-sum", request: "tot up two numbers" };
const ECHO: LearnedPair = { tool: "mcp__ev__echo", request: "say it back" };
const MEMORY: LearnedPair = { tool: "mcp__mem__search", request: "what did we decide" };
const holders: ChildProcess[] = [];

// The script of a process that holds `lock` as config-lock does (made with O_EXCL, its pid inside) until its stdin ends.
const HOLDER = `const fs = require("node:fs"); const lock = process.argv[1];
const fd = fs.openSync(lock, "wx", 0o600); fs.writeSync(fd, process.pid + " held\\n"); fs.closeSync(fd);
process.stdin.on("end", () => { fs.rmSync(lock, { force: true }); process.exit(0); }); process.stdin.resume(); process.stdout.write("held\\n");`;

/** Holds `home`'s lock from a child process until the returned release is called (and the child is gone). */
async function holdLock(home: string): Promise<() => Promise<void>> {
  const child = spawn(process.execPath, ["-e", HOLDER, path.join(home, "mcp.lock")], { stdio: ["pipe", "pipe", "inherit"] });
  holders.push(child);
  await new Promise<void>((resolve, reject) => {
    child.once("error", reject);
    child.once("exit", (code) => reject(new Error(`the lock holder exited (${String(code)}) before holding the lock`)));
    child.stdout!.once("data", () => resolve());
  });
  return async () => {
    const gone = new Promise((resolve) => child.once("exit", resolve));
    child.stdin!.end();
    await gone;
  };
}

/** A serve's view of `home`: waits 50 ms for the lock, warnings kept. */
const serveFile = (home: string): LearnedRequestsFile => new LearnedRequestsFile(home, { lockTimeoutMs: 50, onWarning: () => undefined });
const fileOf = (home: string): { learned: LearnedPair[]; forgets?: unknown[] } => JSON.parse(fs.readFileSync(path.join(home, "learned-requests.json"), "utf8"));

afterEach(() => {
  for (const child of holders.splice(0)) if (child.exitCode === null && child.pid !== undefined) process.kill(child.pid);
});

describe("a forget and the pairs a serve holds unwritten", () => {
  it("drops a held pair a forget names, at the next load and write, and writes the one it does not name", async () => {
    // regression: the serve's next write put the forgotten pair back, and every load counted it as kept.
    const home = makeTempDir();
    const serve = serveFile(home);
    expect(serve.load()).toEqual([]);
    const release = await holdLock(home);
    serve.add([SUM, MEMORY]);
    expect(fs.existsSync(serve.path)).toBe(false);
    expect(serve.load()).toEqual([SUM, MEMORY]);
    await release();

    expect(new LearnedRequestsFile(home).forget({ tool: SUM.tool })).toBe(0);
    // The lock held again: the serve's write still fails, but its loads no longer count the forgotten pair.
    const releaseAgain = await holdLock(home);
    expect(serve.loadIfChanged()).toEqual([MEMORY]);
    expect(serve.load()).toEqual([MEMORY]);
    await releaseAgain();
    expect(serve.loadIfChanged()).toEqual([MEMORY]);
    expect(fileOf(home).learned).toEqual([MEMORY]);
    // Learned again after the forget: written as any new pair.
    serve.add([SUM]);
    expect(fileOf(home).learned).toEqual([MEMORY, SUM]);
  });

  it("drops every held pair after a forget of all, and one server's after a forget by prefix", async () => {
    const home = makeTempDir();
    const serve = serveFile(home);
    const release = await holdLock(home);
    serve.add([SUM, ECHO, MEMORY]);
    await release();
    expect(new LearnedRequestsFile(home).forget({ toolPrefix: "mcp__ev__" })).toBe(0);
    expect(serve.loadIfChanged()).toEqual([MEMORY]);

    const other = serveFile(home);
    other.load();
    const releaseAgain = await holdLock(home);
    other.add([SUM, ECHO]);
    await releaseAgain();
    expect(new LearnedRequestsFile(home).forget({ all: true })).toBe(1);
    expect(other.loadIfChanged()).toEqual([]);
    expect(fileOf(home).learned).toEqual([]);
  });

  it("loads a file written before forgets were recorded, and records the first forget as generation 1", async () => {
    const home = makeTempDir();
    fs.writeFileSync(path.join(home, "learned-requests.json"), `${JSON.stringify({ learned: [MEMORY] })}\n`, { mode: 0o600 });
    const serve = serveFile(home);
    expect(serve.load()).toEqual([MEMORY]);
    const release = await holdLock(home);
    serve.add([SUM, ECHO]);
    await release();
    expect(new LearnedRequestsFile(home).forget({ tool: ECHO.tool })).toBe(0);
    expect(serve.loadIfChanged()).toEqual([MEMORY, SUM]);
    expect(fileOf(home)).toEqual({ learned: [MEMORY, SUM], forgets: [{ tool: ECHO.tool, generation: 1 }] });
  });

  it(`keeps the newest ${MAX_FORGET_RECORDS} forgets and drops a held pair older than every one kept`, async () => {
    const home = makeTempDir();
    const before = serveFile(home);
    const justInside = serveFile(home);
    const forgetting = new LearnedRequestsFile(home);
    before.load();
    forgetting.forget({ tool: "mcp__ev__other" });
    justInside.load(); // has read generation 1
    const release = await holdLock(home);
    before.add([SUM]); // held as of generation 0
    justInside.add([ECHO]); // held as of generation 1
    await release();
    for (let i = 0; i < MAX_FORGET_RECORDS; i += 1) forgetting.forget({ tool: "mcp__ev__other" });
    const generations = (fileOf(home).forgets as Array<{ generation: number }>).map((forget) => forget.generation);
    expect(generations).toEqual(Array.from({ length: MAX_FORGET_RECORDS }, (_, i) => i + 2));
    // Generation 1 is gone from the file: it might have named SUM, so SUM is dropped; ECHO had seen it.
    expect(before.loadIfChanged()).toEqual([]);
    expect(justInside.loadIfChanged()).toEqual([ECHO]);
    expect(fileOf(home).learned).toEqual([ECHO]);
  });

  it("counts a held pair that a load checked against the forgets from that load's generation", async () => {
    const home = makeTempDir();
    const serve = serveFile(home);
    const forgetting = new LearnedRequestsFile(home);
    serve.load();
    const release = await holdLock(home);
    serve.add([SUM]); // held as of generation 0
    await release();
    forgetting.forget({ tool: "mcp__ev__other" });
    expect(serve.load()).toEqual([SUM]); // checked against generation 1, which did not name it
    for (let i = 0; i < MAX_FORGET_RECORDS; i += 1) forgetting.forget({ tool: "mcp__ev__other" });
    expect(serve.loadIfChanged()).toEqual([SUM]);
    expect(fileOf(home).learned).toEqual([SUM]);
  });

  it("drops held pairs when the file lost its forgets (removed, or rewritten without them)", async () => {
    const home = makeTempDir();
    const serve = serveFile(home);
    new LearnedRequestsFile(home).forget({ tool: "mcp__ev__other" });
    serve.load();
    const release = await holdLock(home);
    serve.add([SUM]);
    await release();
    fs.writeFileSync(path.join(home, "learned-requests.json"), `${JSON.stringify({ learned: [MEMORY] })}\n`);
    expect(serve.loadIfChanged()).toEqual([MEMORY]);
    expect(fileOf(home).learned).toEqual([MEMORY]);
  });

  it("leaves out malformed forget records, so a pair held before one is dropped", async () => {
    const home = makeTempDir();
    const serve = serveFile(home);
    serve.load();
    const release = await holdLock(home);
    serve.add([SUM, MEMORY]);
    await release();
    const forgets = [{ generation: 1, tool: "" }, { generation: 2, tool: "mcp__ev__other" }, { generation: "3", all: true }];
    fs.writeFileSync(path.join(home, "learned-requests.json"), `${JSON.stringify({ learned: [], forgets })}\n`);
    expect(serve.load()).toEqual([]);
    expect(new LearnedRequestsFile(home).forget({ all: true })).toBe(0);
    expect(fileOf(home).forgets).toEqual([{ tool: "mcp__ev__other", generation: 2 }, { all: true, generation: 3 }]);
  });
});
