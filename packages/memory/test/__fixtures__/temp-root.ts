// A fresh project root in the OS temp folder per test, removed afterwards.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/** Creates a temp project root; call the returned cleanup in afterEach. */
export function makeTempRoot(prefix = "foundry-memory-"): { root: string; cleanup: () => void } {
  const root = mkdtempSync(path.join(os.tmpdir(), prefix));
  // Retried: a file a test's child process or watcher is still closing can hold the folder a moment.
  return { root, cleanup: () => rmSync(root, { recursive: true, force: true, maxRetries: 5, retryDelay: 20 }) };
}

/** A decision body with the lines SPEC §2 requires. */
export function decisionBody(text: string): string {
  return `${text}\nWhy: it was agreed.\nHow to apply: follow it.`;
}
