// The dashboard's workspace answers: workspaces (created the way `workspace create` does), their
// tokens (issued once, listed by label, scope, created and last use, revoked), and usage from the
// call log beside the hourly quota the catalog counts and the credits ledger the store keeps.
import { CodedError } from "@foundry-mcp/core";
import { findWorkspace, isWorkspaceName, issueToken, listTokens, revokeToken, WORKSPACE_NAME_RULE, workspaceNameRefusal } from "@foundry-mcp/workspace-store";
import type { WorkspaceRow } from "@foundry-mcp/workspace-store";
import { createDemoWorkspace } from "../../demo/generate";
import type { Gateway } from "../gateway";
import { latestLedgerRows, workspacesWithTokens } from "../store-statements";
import { UiRefusal } from "./guard";

const STATUS_OF_CODE: Record<string, number> = { INVALID_ARGUMENT: 400, NOT_FOUND: 404, CONFLICT: 409 };
const HOUR = 3_600_000;
const MAX_LABEL_LENGTH = 80;
const LEDGER_ROWS = 20;

/** Runs a store action; its coded refusals become API refusals with the same code. */
async function refusingAs<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (CodedError.isInstance(error) && error.code in STATUS_OF_CODE) throw new UiRefusal(STATUS_OF_CODE[error.code]!, error.code, error.message);
    throw error;
  }
}

/**
 * The workspace of this name: every workspace name the dashboard takes (a `?workspace=` of the
 * catalog search or the Learned page, a `workspaces/NAME/…` path) comes through here. A name no
 * workspace could have (workspace-store's WORKSPACE_NAME_RULE) is 400, naming the rule and what
 * came (its length past the bound, never the whole of it); a well-formed unknown one is 404.
 */
export async function requireWorkspace(gateway: Gateway, name: string): Promise<WorkspaceRow> {
  if (!isWorkspaceName(name)) throw new UiRefusal(400, "INVALID_ARGUMENT", workspaceNameRefusal("workspace", name));
  const workspace = await findWorkspace(gateway.store, name);
  if (!workspace) throw new UiRefusal(404, "NOT_FOUND", `workspace "${name}" does not exist`);
  return workspace;
}

/**
 * The workspace `?workspace=` names, or undefined when the parameter is absent (every workspace).
 * A parameter that is present must name one, as requireWorkspace checks: an empty one is a
 * malformed name (400), so it never means every workspace.
 */
export async function workspaceOfParam(gateway: Gateway, params: URLSearchParams): Promise<WorkspaceRow | undefined> {
  const name = params.get("workspace");
  return name === null ? undefined : requireWorkspace(gateway, name);
}

/** Every workspace with its plan, credits, live tokens and calls counted this hour. */
export async function listWorkspaces(gateway: Gateway) {
  const rows = await workspacesWithTokens.all(gateway.store);
  return Promise.all(
    rows.map(async (row) => ({
      name: row.name,
      plan: row.plan,
      credits: Number(row.credits),
      created_at: row.created_at,
      tokens: Number(row.tokens),
      calls_this_hour: (await gateway.catalog.quotaUsage(row.id))?.used ?? null,
    })),
  );
}

/**
 * Creates a workspace with demo data, as `workspace create NAME` does; its two tokens, once. A
 * name no workspace could have is refused as requireWorkspace refuses one; a taken one is 409.
 */
export function createWorkspace(gateway: Gateway, body: Record<string, unknown>) {
  const name = body.name;
  if (typeof name !== "string") throw new UiRefusal(400, "INVALID_ARGUMENT", `name must be a string of ${WORKSPACE_NAME_RULE}`);
  if (!isWorkspaceName(name)) throw new UiRefusal(400, "INVALID_ARGUMENT", workspaceNameRefusal("name", name));
  return refusingAs(() => createDemoWorkspace(gateway.store, name));
}

/** The tokens of a workspace, newest first. */
export async function workspaceTokens(gateway: Gateway, name: string) {
  const workspace = await requireWorkspace(gateway, name);
  // Last use is written with the call log's queue: write it first.
  await gateway.calls.flush();
  return listTokens(gateway.store, workspace.id);
}

/** Issues a read or write token with a label; the token is in this answer and nowhere else. */
export async function createToken(gateway: Gateway, name: string, body: Record<string, unknown>) {
  const workspace = await requireWorkspace(gateway, name);
  if (body.scope !== "read" && body.scope !== "write")
    throw new UiRefusal(400, "INVALID_ARGUMENT", `scope must be "read" or "write"; got ${JSON.stringify(body.scope)}`);
  const label = typeof body.label === "string" ? body.label.trim() : "";
  if (label === "" || label.length > MAX_LABEL_LENGTH)
    throw new UiRefusal(400, "INVALID_ARGUMENT", `label must be 1 to ${MAX_LABEL_LENGTH} characters; got ${label.length}`);
  const token = await issueToken(gateway.store, workspace.id, body.scope, label);
  return { workspace: workspace.name, scope: body.scope, label, token };
}

/** Revokes a token of a workspace: the next /mcp request with it is answered 401. */
export async function deleteToken(gateway: Gateway, name: string, rawId: string) {
  const workspace = await requireWorkspace(gateway, name);
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UiRefusal(400, "INVALID_ARGUMENT", `token id must be a positive integer; got ${rawId}`);
  await refusingAs(() => revokeToken(gateway.store, workspace.id, id));
  return { revoked: id };
}

/** 48 hours of calls against the cap, top tools, refusals by code, credits and their ledger. */
export async function workspaceUsage(gateway: Gateway, name: string) {
  const workspace = await requireWorkspace(gateway, name);
  const now = new Date();
  const since = new Date(now.getTime() - 48 * HOUR);
  const quota = await gateway.catalog.quotaUsage(workspace.id);
  return {
    workspace: workspace.name,
    hourlyCap: gateway.hourlyCap,
    quota: quota ? { used: quota.used, resetAt: quota.resetAt.toISOString() } : null,
    retentionDays: gateway.calls.retentionDays,
    hourly: await gateway.calls.hourly(workspace.id, 48, now),
    topTools: await gateway.calls.topTools(workspace.id, since),
    refusals: await gateway.calls.refusals(workspace.id, since),
    credits: {
      plan: workspace.plan,
      balance: Number(workspace.credits),
      ledger: await latestLedgerRows.all(gateway.store, { workspace_id: workspace.id, limit: LEDGER_ROWS }),
    },
  };
}
