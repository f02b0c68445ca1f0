// node/atomic-write.ts: whole files or nothing, exclusive creates that never replace, no temp
// files left behind on success or failure, on a real temporary folder.
import { mkdtempSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createFileExclusive, writeFileAtomic, writeFileAtomicSync } from "../src/node";

let folder: string;
beforeEach(() => {
  folder = mkdtempSync(path.join(os.tmpdir(), "core-atomic-"));
});
afterEach(() => rmSync(folder, { recursive: true, force: true }));

describe("writeFileAtomic", () => {
  it("creates the folder, writes, then replaces the whole file, leaving no temp file", async () => {
    const target = path.join(folder, "deep", "a.json");
    await writeFileAtomic(target, '{"v":1}');
    await writeFileAtomic(target, '{"v":2}');
    expect(readFileSync(target, "utf8")).toBe('{"v":2}');
    expect(readdirSync(path.dirname(target))).toEqual(["a.json"]);
  });

  it("writes bytes and honours the mode", async () => {
    const target = path.join(folder, "secret");
    await writeFileAtomic(target, new Uint8Array([104, 105]), { mode: 0o600 });
    expect(readFileSync(target, "utf8")).toBe("hi");
    expect(statSync(target).mode & 0o777).toBe(0o600);
  });

  it("durable: false still replaces the whole file atomically and leaves no temp file", async () => {
    const target = path.join(folder, "derived.md");
    await writeFileAtomic(target, "one", { durable: false });
    await writeFileAtomic(target, "two", { durable: false });
    await createFileExclusive(path.join(folder, "once"), "x", { durable: false });
    await expect(createFileExclusive(path.join(folder, "once"), "y", { durable: false })).rejects.toMatchObject({ code: "EEXIST" });
    expect(readFileSync(target, "utf8")).toBe("two");
    expect(readdirSync(folder).sort()).toEqual(["derived.md", "once"]);
  });

  it("fails with the system's error and removes its temp file when the rename is refused", async () => {
    const target = path.join(folder, "taken");
    mkdirSync(path.join(target, "child"), { recursive: true });
    await expect(writeFileAtomic(target, "x")).rejects.toMatchObject({ code: expect.stringMatching(/EISDIR|ENOTEMPTY|EEXIST/) });
    expect(readdirSync(folder)).toEqual(["taken"]);
  });
});

describe("createFileExclusive", () => {
  it("creates a new file, and refuses with EEXIST (changing nothing) when the name is taken", async () => {
    const target = path.join(folder, "fact-0001.md");
    await createFileExclusive(target, "first");
    await expect(createFileExclusive(target, "second")).rejects.toMatchObject({ code: "EEXIST" });
    expect(readFileSync(target, "utf8")).toBe("first");
    expect(readdirSync(folder)).toEqual(["fact-0001.md"]);
  });
});

describe("writeFileAtomicSync", () => {
  it("replaces a file synchronously with the given mode and leaves no temp file", () => {
    const target = path.join(folder, "mcp.json");
    writeFileSync(target, "old");
    writeFileAtomicSync(target, "new\n", { mode: 0o600 });
    expect(readFileSync(target, "utf8")).toBe("new\n");
    expect(statSync(target).mode & 0o777).toBe(0o600);
    expect(readdirSync(folder)).toEqual(["mcp.json"]);
  });

  it("removes its temp file when the rename is refused", () => {
    const target = path.join(folder, "taken");
    mkdirSync(path.join(target, "child"), { recursive: true });
    expect(() => writeFileAtomicSync(target, "x")).toThrow(/EISDIR|ENOTEMPTY|EEXIST/);
    expect(readdirSync(folder)).toEqual(["taken"]);
  });
});
