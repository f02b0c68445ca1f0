// The dashboard's view of OAuth grants (oauth/: what people approved on the consent page), listed
// beside a workspace's static tokens and revoked from there.
import { listOAuthGrants, revokeOAuthGrant, WorkspaceStoreError } from "@foundry-mcp/workspace-store";
import type { Gateway } from "../gateway";
import { UiRefusal } from "./guard";
import { requireWorkspace } from "./workspace-api";

/** The OAuth grants of a workspace, newest first. */
export async function workspaceGrants(gateway: Gateway, name: string) {
  const workspace = await requireWorkspace(gateway, name);
  return listOAuthGrants(gateway.store, workspace.id);
}

/** Revokes a grant: its access token is refused on the next /mcp request, its refresh token too. */
export async function deleteGrant(gateway: Gateway, name: string, rawId: string) {
  const workspace = await requireWorkspace(gateway, name);
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UiRefusal(400, "INVALID_ARGUMENT", `grant id must be a positive integer; got ${rawId}`);
  try {
    await revokeOAuthGrant(gateway.store, workspace.id, id);
  } catch (error) {
    if (WorkspaceStoreError.isInstance(error) && error.code === "NOT_FOUND") throw new UiRefusal(404, "NOT_FOUND", error.message);
    throw error;
  }
  return { revoked: id };
}
