// Who the manager says it is in `initialize` when the host does not say: this package, at the
// version it was built from (tsup and vitest define __CLIENT_MANAGER_VERSION__ from package.json).
// Hosts pass their own clientInfo (foya, amicited-gateway) so servers can tell them apart.

declare const __CLIENT_MANAGER_VERSION__: string | undefined;

/** The default clientInfo: the package's own name and version. */
export const DEFAULT_CLIENT_INFO: { readonly name: string; readonly version: string } = {
  name: "@foundry-mcp/client-manager",
  version: typeof __CLIENT_MANAGER_VERSION__ === "string" ? __CLIENT_MANAGER_VERSION__ : "0.0.0-dev",
};
