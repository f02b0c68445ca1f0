// The embedded SQLite driver passes the WorkspaceStore conformance suite, in WAL mode, on a real
// file in a temporary directory.
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { SQLITE_FILE_NAME, openSqliteStore } from "../../src/store/drivers/sqlite";
import { workspaceStoreConformance } from "./workspace-store-conformance";

const dirs = new Map<object, string>();

describe("sqlite driver", () => {
  workspaceStoreConformance(
    async () => {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-store-"));
      const store = openSqliteStore(dir);
      dirs.set(store, dir);
      return store;
    },
    async (store) => {
      await store.close();
      fs.rmSync(dirs.get(store)!, { recursive: true, force: true });
    },
  );

  it("keeps the file in WAL mode so the CLI and a running gateway can share it", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "gw-store-"));
    const store = openSqliteStore(dir);
    await store.migrate();
    const other = new Database(path.join(dir, SQLITE_FILE_NAME));
    expect(other.pragma("journal_mode", { simple: true })).toBe("wal");
    other.close();
    await store.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
