import { existsSync, mkdirSync, readFileSync, readdirSync, utimesSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { spawnSync } from "node:child_process";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withFileLock } from "../src/fs/file-lock";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

function deadPid(): number {
  // A process that has exited: its pid is free (reuse within the test is vanishingly unlikely).
  return spawnSync(process.execPath, ["-e", "0"]).pid ?? 999_999;
}

describe("withFileLock", () => {
  it("regression: the lock file is complete the moment it exists (a writer killed mid-acquire left an empty lock)", async () => {
    const lockPath = path.join(root, "memory/.lock");
    mkdirSync(path.dirname(lockPath), { recursive: true });
    const seen: string[] = [];
    let done = false;
    const watcher = (async () => {
      while (!done) {
        try {
          seen.push(readFileSync(lockPath, "utf8"));
        } catch {
          // no lock at this instant
        }
        await new Promise((resolve) => setImmediate(resolve));
      }
    })();
    await Promise.all(Array.from({ length: 40 }, (_, i) => withFileLock(lockPath, async () => i, { timeoutMs: 20_000 })));
    done = true;
    await watcher;
    expect(seen.length).toBeGreaterThan(0);
    for (const content of seen) expect(() => JSON.parse(content), JSON.stringify(content)).not.toThrow();
    // No draft is left behind once every holder has released.
    expect(readdirSync(path.dirname(lockPath))).toEqual([]);
  });

  it("recovers a lock left by a dead process on this host", async () => {
    const lockPath = path.join(root, "memory/.lock");
    mkdirSync(path.dirname(lockPath), { recursive: true });
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: deadPid(), host: os.hostname(), nonce: "x", acquiredAt: Date.now() }),
    );
    expect(await withFileLock(lockPath, async () => "ran", { timeoutMs: 2000 })).toBe("ran");
    expect(existsSync(lockPath)).toBe(false);
  });

  it("recovers a lock older than staleMs from another host", async () => {
    const lockPath = path.join(root, ".lock");
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: 1, host: "elsewhere", nonce: "x", acquiredAt: Date.now() - 120_000 }),
    );
    expect(
      await withFileLock(lockPath, async () => "ran", { timeoutMs: 2000, staleMs: 60_000 }),
    ).toBe("ran");
  });

  it("clears a breaker file left by a crashed breaker, then recovers the stale lock", async () => {
    const lockPath = path.join(root, ".lock");
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: deadPid(), host: os.hostname(), nonce: "x", acquiredAt: Date.now() }),
    );
    writeFileSync(`${lockPath}.breaker`, "12345");
    const old = new Date(Date.now() - 60_000);
    utimesSync(`${lockPath}.breaker`, old, old);
    expect(await withFileLock(lockPath, async () => "ran", { timeoutMs: 2000 })).toBe("ran");
    expect(existsSync(`${lockPath}.breaker`)).toBe(false);
  });

  it("times out with LOCK_TIMEOUT while a live owner holds it", async () => {
    const lockPath = path.join(root, ".lock");
    writeFileSync(
      lockPath,
      JSON.stringify({ pid: process.pid, host: os.hostname(), nonce: "x", acquiredAt: Date.now() }),
    );
    const error = await withFileLock(lockPath, async () => "ran", { timeoutMs: 100 }).catch(
      (caught: unknown) => caught,
    );
    expect((error as { code?: string }).code).toBe("LOCK_TIMEOUT");
    expect(existsSync(lockPath)).toBe(true);
  });

  it("does not remove a lock it does not own", async () => {
    const lockPath = path.join(root, ".lock");
    await withFileLock(lockPath, async () => {
      writeFileSync(lockPath, "someone else");
    });
    expect(existsSync(lockPath)).toBe(true);
  });
});
