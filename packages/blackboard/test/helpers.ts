// Temp project roots for the blackboard tests: real folders under os.tmpdir(), removed after each test.

import { mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { ContractRegistry } from "@foundry-mcp/contracts";
import { afterEach } from "vitest";
import { Blackboard } from "../src/index";

const created: string[] = [];

afterEach(async () => {
  await Promise.all(created.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

/** A fresh empty folder, removed after the test. */
export async function tempDir(prefix = "blackboard-"): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), prefix));
  created.push(dir);
  return dir;
}

/** A blackboard on a fresh temp root with the built-in contracts. */
export async function freshBoard(): Promise<{ root: string; board: Blackboard }> {
  const root = await tempDir();
  return { root, board: new Blackboard({ root, registry: ContractRegistry.builtIn() }) };
}

/** Every file and folder under `dir`, relative, sorted (what is on disk). */
export async function listTree(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true });
  return entries.map((entry) => entry.split(path.sep).join("/")).sort();
}

/** A finding.v1 that validates. */
export const FINDING = {
  title: "Order lookup ignores the caller's tenant",
  severity: "high",
  failureScenario: "A user of tenant A reads an order of tenant B by id.",
};

/** A review.v1 that validates. */
export const REVIEW = {
  summary: "Six findings, two high. Access control on /api/orders is the blocking one.",
  findings: [FINDING],
};
