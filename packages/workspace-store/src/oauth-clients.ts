// OAuth clients registered through dynamic client registration (RFC 7591). Every client is public
// (PKCE, no secret): MCP clients run on people's machines and cannot keep one. The table is
// bounded; a client ID metadata document (a URL as client_id) is never stored here: the gateway
// fetches it when it needs it.
import { randomBytes } from "node:crypto";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { insertUnderCap } from "./query/capped-insert";
import { defineStatement } from "./query/statement";
import type { StoreQueries } from "./types";

/** Registered clients the store keeps at most; past it registration is refused until some expire. */
export const MAX_OAUTH_CLIENTS = 10_000;
/** A registered client with no grant is forgotten after this long. */
export const OAUTH_CLIENT_IDLE_MS = 30 * 24 * 60 * 60_000;

const forgetIdleClients = defineStatement((q) =>
  q.db
    .deleteFrom("oauth_clients")
    .where("created_at", "<", q.param<number>("before"))
    .where("client_id", "not in", q.db.selectFrom("oauth_grants").select("client_id").where("revoked_at", "is", null)),
);
const insertClientUnderCap = defineStatement((q) =>
  insertUnderCap(
    q,
    "oauth_clients",
    ["client_id", "client_name", "redirect_uris", "created_at"],
    q.db.selectFrom("oauth_clients").select((eb) => eb.fn.countAll<number>().as("n")),
  ),
);
const clientById = defineStatement((q) =>
  q.db
    .selectFrom("oauth_clients")
    .select(["client_id", "client_name", "redirect_uris", "created_at"])
    .where("client_id", "=", q.param("client_id")),
);

/** A client as the authorization server knows it. */
export interface OAuthClient {
  clientId: string;
  clientName: string;
  redirectUris: string[];
  createdAt: number;
}

/**
 * Stores a new public client with its (already validated) redirect URIs and returns it with its
 * new `client_id`. Clients idle past OAUTH_CLIENT_IDLE_MS without a grant are dropped first;
 * TOKEN_LIMIT at MAX_OAUTH_CLIENTS.
 */
export async function registerOAuthClient(
  store: StoreQueries,
  input: { clientName: string; redirectUris: readonly string[] },
  now = Date.now(),
): Promise<OAuthClient> {
  await forgetIdleClients.run(store, { before: now - OAUTH_CLIENT_IDLE_MS });
  const client: OAuthClient = {
    clientId: `amo_client_${randomBytes(16).toString("base64url")}`,
    clientName: input.clientName,
    redirectUris: [...input.redirectUris],
    createdAt: now,
  };
  const inserted = await insertClientUnderCap.run(store, {
    client_id: client.clientId,
    client_name: client.clientName,
    redirect_uris: JSON.stringify(client.redirectUris),
    created_at: now,
    cap: MAX_OAUTH_CLIENTS,
  });
  if (inserted.changes === 0)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.TOKEN_LIMIT,
      `the gateway already keeps ${MAX_OAUTH_CLIENTS} registered OAuth clients, its bound; clients without a grant are forgotten after 30 days. Try again later.`,
    );
  return client;
}

/** The registered client of this id, or undefined. */
export async function findOAuthClient(store: StoreQueries, clientId: string): Promise<OAuthClient | undefined> {
  const row = await clientById.get(store, { client_id: clientId });
  if (!row) return undefined;
  return { clientId: row.client_id, clientName: row.client_name, redirectUris: JSON.parse(row.redirect_uris) as string[], createdAt: Number(row.created_at) };
}
