import { existsSync } from "node:fs";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runLocked } from "../src/fs/lock-queue";
import { makeTempRoot } from "./__fixtures__/temp-root";

let root = "";
let cleanup = () => {};
beforeEach(() => ({ root, cleanup } = makeTempRoot()));
afterEach(() => cleanup());

describe("runLocked", () => {
  it("regression: a lone write is answered only after its lock file is gone (CI saw `.lock` left once every writer was done)", async () => {
    const lock = path.join(root, ".lock");
    const held: boolean[] = [];
    const value = await runLocked(lock, async () => {
      held.push(existsSync(lock));
      return "written";
    });
    expect(value).toBe("written");
    expect(held).toEqual([true]);
    expect(existsSync(lock)).toBe(false);
  });

  it("answers a burst's writes in order, the last only after the release", async () => {
    const lock = path.join(root, ".lock");
    const seenAtAnswer: boolean[] = [];
    const burst = Array.from({ length: 5 }, (_, index) =>
      runLocked(lock, async () => index).then((value) => {
        seenAtAnswer[value] = existsSync(lock);
        return value;
      }),
    );
    expect(await Promise.all(burst)).toEqual([0, 1, 2, 3, 4]);
    // One batch answers its first four while it holds the lock (a pause of 250 ms would cut the
    // batch early and release sooner, so only the last is certain): the fifth comes after it ends.
    expect(seenAtAnswer[4]).toBe(false);
    expect(existsSync(lock)).toBe(false);
  });

  it("a failed write is refused after the release too, and the next write takes the lock again", async () => {
    const lock = path.join(root, ".lock");
    await expect(runLocked(lock, async () => Promise.reject(new Error("disk full")))).rejects.toThrow("disk full");
    expect(existsSync(lock)).toBe(false);
    expect(await runLocked(lock, async () => existsSync(lock))).toBe(true);
    expect(existsSync(lock)).toBe(false);
  });
});
