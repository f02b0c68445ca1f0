// Workspaces and their API tokens. A token is shown once when issued and stored only as its
// SHA-256 hash; resolving a presented token hashes it and looks the hash up.
import { createHash, randomBytes } from "node:crypto";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { insertUnderCap } from "./query/capped-insert";
import { defineStatement } from "./query/statement";
import type { WorkspaceRow } from "./query/tables";
import type { StoreQueries } from "./types";

/** What a token grants: reads only, or reads and every other kind. */
export type TokenScope = "read" | "write";

/** A resolved credential: the workspace it is bound to and its scope. */
export interface Credential {
  tokenId: number;
  workspaceId: string;
  workspaceName: string;
  scope: TokenScope;
}

/** The longest workspace name: a name is 1 to 40 characters (WORKSPACE_NAME_RULE). */
export const MAX_WORKSPACE_NAME_LENGTH = 40;

/** The rule every workspace name follows, worded for refusals: "… must be " + WORKSPACE_NAME_RULE. */
export const WORKSPACE_NAME_RULE = `1-${MAX_WORKSPACE_NAME_LENGTH} lowercase letters, digits or dashes, starting with a letter or digit`;

const namePattern = new RegExp(`^[a-z0-9][a-z0-9-]{0,${MAX_WORKSPACE_NAME_LENGTH - 1}}$`);

/**
 * True when `name` follows WORKSPACE_NAME_RULE, the rule insertWorkspace enforces: a name that
 * fails it names no workspace, so a caller may refuse it before asking the store.
 *
 * @example isWorkspaceName("acme-2") // true; isWorkspaceName("Acme") and isWorkspaceName("-a") are false
 */
export function isWorkspaceName(name: string): boolean {
  return namePattern.test(name);
}

// What JSON.stringify leaves raw that a terminal or a page would act on: DEL, the C1 controls
// (a CSI among them) and the marks that turn text right to left.
const UNSHOWABLE = /[\u007f-\u009f\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
const escaped = (character: string): string => `\\u${character.charCodeAt(0).toString(16).padStart(4, "0")}`;

/**
 * The refusal of a name that fails isWorkspaceName, in the words every edge taking a name uses:
 * the parameter it came in, WORKSPACE_NAME_RULE, and what came, bounded (past
 * MAX_WORKSPACE_NAME_LENGTH its length, never the whole of it; controls escaped).
 *
 * @example workspaceNameRefusal("--workspace", "Acme") // '--workspace must be a workspace name of 1-40 lowercase letters, digits or dashes, starting with a letter or digit; got "Acme"'
 */
export function workspaceNameRefusal(parameter: string, name: string): string {
  const got = name.length > MAX_WORKSPACE_NAME_LENGTH ? `${name.length} characters` : JSON.stringify(name).replace(UNSHOWABLE, escaped);
  return `${parameter} must be a workspace name of ${WORKSPACE_NAME_RULE}; got ${got}`;
}

const workspaceByName = defineStatement((q) =>
  q.db.selectFrom("workspaces").selectAll().where("name", "=", q.param("name")),
);
const insertWorkspaceRow = defineStatement((q) =>
  q.db.insertInto("workspaces").values({
    id: q.param("id"),
    name: q.param("name"),
    plan: q.param("plan"),
    credits: q.param<number>("credits"),
    data_as_of: q.param("data_as_of"),
    created_at: q.param("created_at"),
  }),
);
// One statement counts and inserts, so tokens minted at once cannot pass the cap together on SQLite.
const insertTokenUnderCap = defineStatement((q) =>
  insertUnderCap(
    q,
    "api_tokens",
    ["workspace_id", "token_hash", "scope", "label", "created_at"],
    q.db
      .selectFrom("api_tokens")
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .where("workspace_id", "=", q.param("workspace_id"))
      .where("revoked_at", "is", null),
  ),
);
const liveTokenByHash = defineStatement((q) =>
  q.db
    .selectFrom("api_tokens as t")
    .innerJoin("workspaces as w", "w.id", "t.workspace_id")
    .select(["t.id", "t.workspace_id", "w.name", "t.scope"])
    .where("t.token_hash", "=", q.param("token_hash"))
    .where("t.revoked_at", "is", null),
);
const tokensOfWorkspace = defineStatement((q) =>
  q.db
    .selectFrom("api_tokens")
    .select(["id", "label", "scope", "created_at", "last_used_at", "revoked_at"])
    .where("workspace_id", "=", q.param("workspace_id"))
    .orderBy("id", "desc"),
);
const revokeLiveToken = defineStatement((q) =>
  q.db
    .updateTable("api_tokens")
    .set({ revoked_at: q.param("now") })
    .where("id", "=", q.param<number>("id"))
    .where("workspace_id", "=", q.param("workspace_id"))
    .where("revoked_at", "is", null),
);
const revokeAdminTokens = defineStatement((q) =>
  q.db.updateTable("admin_tokens").set({ revoked_at: q.param("now") }).where("revoked_at", "is", null),
);
const insertAdminToken = defineStatement((q) =>
  q.db.insertInto("admin_tokens").values({ token_hash: q.param("token_hash"), created_at: q.param("now") }),
);
const liveAdminToken = defineStatement((q) =>
  q.db
    .selectFrom("admin_tokens")
    .select("id")
    .where("token_hash", "=", q.param("token_hash"))
    .where("revoked_at", "is", null),
);

/** SHA-256 of a token, hex: the only form a token is stored in. */
export function hashToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

/** Inserts a workspace row; refuses a malformed or taken name. */
export async function insertWorkspace(
  store: StoreQueries,
  input: { name: string; plan: string; credits: number; dataAsOf: string },
): Promise<WorkspaceRow> {
  if (!isWorkspaceName(input.name)) {
    throw new WorkspaceStoreError(WorkspaceStoreErrorCode.INVALID_ARGUMENT, workspaceNameRefusal("name", input.name));
  }
  const taken = await workspaceByName.get(store, { name: input.name });
  if (taken)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.CONFLICT,
      `workspace "${input.name}" already exists; choose another name`,
    );
  const row: WorkspaceRow = {
    id: `ws_${randomBytes(6).toString("hex")}`,
    name: input.name,
    plan: input.plan,
    credits: input.credits,
    data_as_of: input.dataAsOf,
    created_at: new Date().toISOString(),
  };
  await insertWorkspaceRow.run(store, { ...row });
  return row;
}

/**
 * Live (unrevoked) API tokens one workspace may hold: every token can open its own sessions, so
 * without a cap one workspace could mint its way past the per-token session cap (issue 39, T4).
 */
export const MAX_LIVE_TOKENS_PER_WORKSPACE = 25;

/**
 * Issues a new token for a workspace and returns it in clear text (the only time it exists so);
 * refuses with TOKEN_LIMIT at MAX_LIVE_TOKENS_PER_WORKSPACE live tokens.
 */
export async function issueToken(
  store: StoreQueries,
  workspaceId: string,
  scope: TokenScope,
  label: string,
): Promise<string> {
  const token = `amc_${scope === "write" ? "w" : "r"}_${randomBytes(24).toString("base64url")}`;
  const inserted = await insertTokenUnderCap.run(store, {
    workspace_id: workspaceId,
    token_hash: hashToken(token),
    scope,
    label,
    created_at: new Date().toISOString(),
    cap: MAX_LIVE_TOKENS_PER_WORKSPACE,
  });
  if (inserted.changes === 0)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.TOKEN_LIMIT,
      `workspace ${workspaceId} already has ${MAX_LIVE_TOKENS_PER_WORKSPACE} live API tokens, the cap per workspace; revoke one (account_revoke_api_token, see account_list_api_tokens) before creating another.`,
    );
  return token;
}

/** The credential a presented token stands for, or undefined when it is unknown or revoked. */
export async function resolveToken(
  store: StoreQueries,
  token: string,
): Promise<Credential | undefined> {
  if (!token) return undefined;
  const row = await liveTokenByHash.get(store, { token_hash: hashToken(token) });
  if (!row) return undefined;
  return {
    tokenId: row.id,
    workspaceId: row.workspace_id,
    workspaceName: row.name,
    scope: row.scope === "write" ? "write" : "read",
  };
}

/** The workspace with this name, or undefined. */
export async function findWorkspace(
  store: StoreQueries,
  name: string,
): Promise<WorkspaceRow | undefined> {
  return workspaceByName.get(store, { name });
}

/** An API token as listings show it: never the token itself, only its facts. */
export interface TokenRow {
  id: number;
  label: string;
  scope: TokenScope;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

/** Every token of a workspace, newest first (revoked ones included, marked). */
export async function listTokens(store: StoreQueries, workspaceId: string): Promise<TokenRow[]> {
  return (await tokensOfWorkspace.all(store, { workspace_id: workspaceId })) as TokenRow[];
}

/** Revokes one token of a workspace; NOT_FOUND when the workspace has no live token of that id. */
export async function revokeToken(store: StoreQueries, workspaceId: string, tokenId: number): Promise<void> {
  const revoked = await revokeLiveToken.run(store, {
    now: new Date().toISOString(),
    id: tokenId,
    workspace_id: workspaceId,
  });
  if (revoked.changes === 0)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.NOT_FOUND,
      `token ${tokenId} is not a live token of this workspace; list the workspace's tokens to see their ids`,
    );
}

/**
 * Issues the admin token that signs in to the gateway's dashboard and revokes every earlier one,
 * so a leaked token dies with the next `amicited-gateway admin token`. Shown once; stored hashed.
 */
export async function issueAdminToken(store: StoreQueries): Promise<string> {
  const token = `amc_admin_${randomBytes(24).toString("base64url")}`;
  const now = new Date().toISOString();
  await revokeAdminTokens.run(store, { now });
  await insertAdminToken.run(store, { token_hash: hashToken(token), now });
  return token;
}

/** True when `token` is the live admin token. */
export async function isAdminToken(store: StoreQueries, token: string): Promise<boolean> {
  return token !== "" && (await isLiveAdminHash(store, hashToken(token)));
}

/** True when the admin token of this hash is still the live one (a session keeps only the hash). */
export async function isLiveAdminHash(store: StoreQueries, tokenHash: string): Promise<boolean> {
  return (await liveAdminToken.get(store, { token_hash: tokenHash })) !== undefined;
}
