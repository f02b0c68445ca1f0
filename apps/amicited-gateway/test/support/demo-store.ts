// A store location seeded as `init` and `workspace create` leave one: migrated, with a demo
// workspace of each name. The store opened for it is closed on every path, so a set-up that fails
// part way (a beforeAll's, say) leaves no open connection or file handle to hang the file; a
// gateway built on the location afterwards opens its own.
import type { StoreLocation } from "@foundry-mcp/workspace-store";
import { createDemoWorkspace, type CreatedWorkspace } from "../../src/demo/generate";
import { openGatewayStore } from "../../src/store-schema/gateway-schema";

/**
 * Migrates the store at `location` and creates a demo workspace of each name in `workspaces`;
 * their tokens by name. The store is closed whether or not this succeeds.
 *
 * @example const { demo } = await seedDemoWorkspaces({ dataDir: dir }, ["demo"]); // demo.readToken
 */
export async function seedDemoWorkspaces<Name extends string>(location: StoreLocation, workspaces: readonly Name[]): Promise<Record<Name, CreatedWorkspace>> {
  const store = await openGatewayStore(location);
  try {
    await store.migrate();
    const tokens = {} as Record<Name, CreatedWorkspace>;
    for (const workspace of workspaces) tokens[workspace] = await createDemoWorkspace(store, workspace);
    return tokens;
  } finally {
    await store.close();
  }
}
