import { chmodSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { startPostgres } from "../postgres-cluster.mjs";

const saved = { bin: process.env.POSTGRES_BIN_DIR, tmp: process.env.TMPDIR };
const scratch: string[] = [];

afterEach(() => {
  for (const [name, value] of [["POSTGRES_BIN_DIR", saved.bin], ["TMPDIR", saved.tmp]] as const) {
    if (value === undefined) delete process.env[name];
    else process.env[name] = value;
  }
  for (const dir of scratch.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A bin folder whose initdb fails the way a broken install does, and an empty temp folder. */
function failingInstall(): { bin: string; tmp: string } {
  const root = mkdtempSync(path.join(os.tmpdir(), "pg-broken-"));
  scratch.push(root);
  // runuser starts the tools as postgres when the tests run as root: it must reach them.
  chmodSync(root, 0o755);
  const bin = path.join(root, "bin");
  const tmp = path.join(root, "tmp");
  mkdirSync(bin);
  mkdirSync(tmp);
  writeFileSync(path.join(bin, "initdb"), "#!/bin/sh\necho 'initdb: could not create directory' >&2\nexit 1\n", { mode: 0o755 });
  writeFileSync(path.join(bin, "pg_ctl"), "#!/bin/sh\nexit 1\n", { mode: 0o755 });
  return { bin, tmp };
}

describe("startPostgres", () => {
  // Regression (session 35): a cluster whose initdb or pg_ctl failed left its foundry-pg- folder
  // in the temp folder, and the error was execFileSync's bare "Command failed".
  it("leaves no folder behind when the cluster does not start, and says so", async () => {
    const { bin, tmp } = failingInstall();
    process.env.POSTGRES_BIN_DIR = bin;
    process.env.TMPDIR = tmp;
    await expect(startPostgres()).rejects.toThrow(/^PostgreSQL did not start: Command failed: .*initdb/);
    expect(readdirSync(tmp)).toEqual([]);
  });
});
