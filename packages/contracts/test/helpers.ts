// Temp project roots for the tests: real folders under os.tmpdir(), removed after each test.

import { cp, mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach } from "vitest";

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh empty folder, removed after the test. */
export async function tempDir(prefix = "contracts-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A temp project root holding a copy of `test/__fixtures__/project`. */
export async function fixtureProject(): Promise<string> {
  const root = await tempDir();
  await cp(path.join(import.meta.dirname, "__fixtures__", "project"), root, { recursive: true });
  return root;
}

/** Writes `<root>/.foundry/contracts/<name>` with `content` (objects as JSON). */
export async function writeContract(root: string, name: string, content: unknown): Promise<void> {
  const dir = path.join(root, ".foundry", "contracts");
  await mkdir(dir, { recursive: true });
  await writeFile(
    path.join(dir, name),
    typeof content === "string" ? content : JSON.stringify(content),
  );
}
