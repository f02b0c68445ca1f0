// Shared set-up of the store conformance files that more than one package runs (issue 37):
// workspace-store's isolation tests and the gateway's session tests register their cases on a
// store opened and migrated before each test and disposed after it, and count a workspace's tokens
// the same way. Plain JS without package imports, like the other tooling modules, so any
// package's tests can import it by path; the caller passes what it needs from its packages.
import { afterEach, beforeEach, describe } from "vitest";

/** Registers `body`'s tests under `title`, each on a store from `open` (migrated) that `dispose` ends. */
export function describeOnMigratedStore(title, open, dispose, body) {
  describe(title, () => {
    let store;
    beforeEach(async () => {
      store = await open();
      await store.migrate();
    });
    afterEach(async () => dispose(store));
    body(() => store);
  });
}

/** A function that adds a free workspace with 5 credits named `name` through `insertWorkspace` and answers its id. */
export function workspaceMaker(insertWorkspace) {
  return async (store, name) => (await insertWorkspace(store, { name, plan: "free", credits: 5, dataAsOf: "2026-11-29" })).id;
}

/** The ids of a workspace's API tokens, oldest first. */
export async function tokenIdsOf(store, workspaceId) {
  const rows = await store.all("SELECT id FROM api_tokens WHERE workspace_id = ? ORDER BY id", [workspaceId]);
  return rows.map((row) => Number(row.id));
}
