// The embedded SQLite driver passes the conformance file on a real file in a temporary folder,
// in WAL mode, and names its optional library when it is missing.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { loadSqliteBinding } from "@foundry-mcp/core/node";
import type BetterSqlite3 from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { openSqliteStore, SQLITE_FILE_NAME, WorkspaceStoreError } from "../src/index";
import type { WorkspaceStore } from "../src/index";
import { workspaceStoreConformance } from "./driver-conformance";
import { mcpSessionConformance } from "./session-conformance";
import { isolationConformance } from "./isolation-conformance";
import { oauthConformance } from "./oauth-conformance";

// The release this Node runs (13, or 12 as better-sqlite3-node20 on Node 20): a direct import of
// better-sqlite3 would load 13, which crashes Node 20.
const { Database } = loadSqliteBinding<typeof BetterSqlite3>(import.meta.url);

const dirs = new Map<WorkspaceStore, string>();
const temporaryDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "ws-store-"));

const openTemporary = async () => {
  const dir = temporaryDir();
  const store = await openSqliteStore({ dataDir: dir });
  dirs.set(store, dir);
  return store;
};
const disposeTemporary = async (store: WorkspaceStore) => {
  await store.close();
  fs.rmSync(dirs.get(store)!, { recursive: true, force: true });
};
workspaceStoreConformance("sqlite", openTemporary, disposeTemporary);
mcpSessionConformance("sqlite", openTemporary, disposeTemporary);
isolationConformance("sqlite", openTemporary, disposeTemporary);
oauthConformance("sqlite", openTemporary, disposeTemporary);

describe("sqlite driver", () => {
  it("keeps the file in WAL mode so the CLI and a running gateway can share it", async () => {
    const dir = temporaryDir();
    const store = await openSqliteStore({ dataDir: dir });
    await store.migrate();
    const other = new Database(path.join(dir, SQLITE_FILE_NAME));
    expect(other.pragma("journal_mode", { simple: true })).toBe("wal");
    other.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it("names the missing optional library and the install command", async () => {
    const error = await openSqliteStore({
      dataDir: temporaryDir(),
      moduleName: "better-sqlite3-not-installed",
    }).catch((caught: unknown) => caught);
    expect(WorkspaceStoreError.isInstance(error) && error.code).toBe("DRIVER_UNAVAILABLE");
    expect((error as Error).message).toBe(
      "the sqlite driver needs SQLite: better-sqlite3-not-installed is not installed: install better-sqlite3-not-installed.",
    );
  });
});
