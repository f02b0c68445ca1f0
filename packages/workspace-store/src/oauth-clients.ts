// OAuth clients registered through dynamic client registration (RFC 7591). Every client is public
// (PKCE, no secret): MCP clients run on people's machines and cannot keep one. The table is
// bounded; a client ID metadata document (a URL as client_id) is never stored here: the gateway
// fetches it when it needs it.
import { randomBytes } from "node:crypto";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import type { StoreQueries } from "./types";

/** Registered clients the store keeps at most; past it registration is refused until some expire. */
export const MAX_OAUTH_CLIENTS = 10_000;
/** A registered client with no grant is forgotten after this long. */
export const OAUTH_CLIENT_IDLE_MS = 30 * 24 * 60 * 60_000;

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
  await store.run(
    "DELETE FROM oauth_clients WHERE created_at < ? AND client_id NOT IN (SELECT client_id FROM oauth_grants WHERE revoked_at IS NULL)",
    [now - OAUTH_CLIENT_IDLE_MS],
  );
  const client: OAuthClient = {
    clientId: `amo_client_${randomBytes(16).toString("base64url")}`,
    clientName: input.clientName,
    redirectUris: [...input.redirectUris],
    createdAt: now,
  };
  const inserted = await store.run(
    "INSERT INTO oauth_clients (client_id, client_name, redirect_uris, created_at) SELECT ?, ?, ?, ? WHERE (SELECT COUNT(*) FROM oauth_clients) < ?",
    [client.clientId, client.clientName, JSON.stringify(client.redirectUris), now, MAX_OAUTH_CLIENTS],
  );
  if (inserted.changes === 0)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.TOKEN_LIMIT,
      `the gateway already keeps ${MAX_OAUTH_CLIENTS} registered OAuth clients, its bound; clients without a grant are forgotten after 30 days. Try again later.`,
    );
  return client;
}

/** The registered client of this id, or undefined. */
export async function findOAuthClient(store: StoreQueries, clientId: string): Promise<OAuthClient | undefined> {
  const row = await store.get<{ client_id: string; client_name: string; redirect_uris: string; created_at: number | string }>(
    "SELECT client_id, client_name, redirect_uris, created_at FROM oauth_clients WHERE client_id = ?",
    [clientId],
  );
  if (!row) return undefined;
  return { clientId: row.client_id, clientName: row.client_name, redirectUris: JSON.parse(row.redirect_uris) as string[], createdAt: Number(row.created_at) };
}
