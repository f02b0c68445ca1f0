// The embedded SQLite driver passes the conformance file on a real file in a temporary folder,
// in WAL mode, and names its optional library when it is missing; on every SQLite engine this
// Node can open (node:sqlite on Node 22.16+, the better-sqlite3 this Node runs when installed).
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { openSqliteDatabase, sqliteModulesHere } from "@foundry-mcp/core/node";
import { describe, expect, it } from "vitest";
import { openSqliteStore, SQLITE_FILE_NAME, WorkspaceStoreError } from "../src/index";
import type { HostSchema, WorkspaceStore } from "../src/index";
import { workspaceStoreConformance } from "./driver-conformance";
import { isolationConformance } from "./isolation-conformance";
import { learnedRequestsConformance } from "./learned-conformance";
import { learnedFenceConformance } from "./learned-fence-conformance";
import { choiceRanksConformance } from "./choice-ranks-conformance";
import { oauthConformance } from "./oauth-conformance";
import { hostSchemaConformance } from "./host-conformance";
import { TEST_HOST_SCHEMA } from "./test-host-schema";
import { queryConformance } from "./query-conformance";

const dirs = new Map<WorkspaceStore, string>();
const temporaryDir = () => fs.mkdtempSync(path.join(os.tmpdir(), "ws-store-"));
// The first engine is the one openSqliteStore picks by itself; it runs without a moduleName.
const engines = sqliteModulesHere(import.meta.url);

for (const [index, moduleName] of engines.entries()) {
  const label = index === 0 ? "sqlite" : `sqlite (${moduleName})`;
  const openIn = async (dir: string, hostSchemas: readonly HostSchema[]) => {
    const store = await openSqliteStore(index === 0 ? { dataDir: dir, hostSchemas } : { dataDir: dir, moduleName, hostSchemas });
    dirs.set(store, dir);
    return store;
  };
  const openTemporary = () => openIn(temporaryDir(), [TEST_HOST_SCHEMA]);
  const disposeTemporary = async (store: WorkspaceStore) => {
    await store.close();
    fs.rmSync(dirs.get(store)!, { recursive: true, force: true });
  };
  workspaceStoreConformance(label, openTemporary, disposeTemporary);
  isolationConformance(label, openTemporary, disposeTemporary);
  learnedRequestsConformance(label, openTemporary, disposeTemporary);
  learnedFenceConformance(label, openTemporary, disposeTemporary);
  choiceRanksConformance(label, openTemporary, disposeTemporary);
  oauthConformance(label, openTemporary, disposeTemporary);
  hostSchemaConformance(
    label,
    async (hostSchemas, reuse) => {
      if (!reuse) return openIn(temporaryDir(), hostSchemas);
      await reuse.close();
      return openIn(dirs.get(reuse)!, hostSchemas);
    },
    disposeTemporary,
  );
  queryConformance(label, openTemporary, disposeTemporary);
}

describe("sqlite driver", () => {
  it.each(engines)("keeps the file in WAL mode so the CLI and a running gateway can share it (%s)", async (moduleName) => {
    const dir = temporaryDir();
    const store = await openSqliteStore({ dataDir: dir, moduleName });
    await store.migrate();
    const other = openSqliteDatabase(path.join(dir, SQLITE_FILE_NAME), { from: import.meta.url, moduleName });
    expect(other.prepare("PRAGMA journal_mode").get()).toEqual({ journal_mode: "wal" });
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
