// The isolation guard: every area table reaches its workspace through `domain_id`, so checking
// that the domain belongs to the caller's workspace keeps workspaces apart; and the not-found
// error every lookup by id gives, whichever workspace the id belongs to.
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "./errors";
import { planLimits } from "./plans";
import type { PlanLimits } from "./plans";
import { defineStatement } from "./query/statement";
import type { SqlValue, StoreQueries } from "./types";

const domainOfWorkspace = defineStatement((q) =>
  q.db
    .selectFrom("domains as d")
    .innerJoin("workspaces as w", "w.id", "d.workspace_id")
    .select(["d.id", "d.hostname", "d.workspace_id", "w.plan", "w.data_as_of"])
    .where("d.id", "=", q.param<number>("id"))
    .where("d.workspace_id", "=", q.param("workspace_id")),
);

/** The domain a call is about, checked to belong to the caller's workspace. */
export interface DomainScope {
  id: number;
  hostname: string;
  workspaceId: string;
  plan: string;
  /** The last day the domain has data for (YYYY-MM-DD). */
  asOf: string;
  limits: PlanLimits;
}

/** A query and its parameters. */
export type Query = [sql: string, params: SqlValue[]];

/** Loads `domainId` and refuses a domain outside `workspaceId` with UNKNOWN_DOMAIN. */
export async function requireDomain(
  store: StoreQueries,
  workspaceId: string,
  domainId: number,
): Promise<DomainScope> {
  const row = await domainOfWorkspace.get(store, { id: domainId, workspace_id: workspaceId });
  if (!row)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.UNKNOWN_DOMAIN,
      `domain_id ${String(domainId)} is not a domain of this workspace; call list_domains for valid ids.`,
    );
  return {
    id: row.id,
    hostname: row.hostname,
    workspaceId: row.workspace_id,
    plan: row.plan,
    asOf: row.data_as_of,
    limits: planLimits(row.plan),
  };
}

/** The first row of a query or NOT_FOUND naming what was looked up and where to find ids. */
export async function requireRow<T = Record<string, unknown>>(
  store: StoreQueries,
  query: Query,
  what: string,
  hint: string,
): Promise<T> {
  const row = await store.get<T>(query[0], query[1]);
  if (!row)
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.NOT_FOUND,
      `${what} was not found for this domain; ${hint}.`,
    );
  return row;
}
