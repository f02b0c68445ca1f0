// Routes a store's queries into the transaction the current async call runs in: code inside
// `store.transaction(work)` may keep calling the store itself (tool helpers do) and its statements
// land in that transaction instead of waiting behind it.
import { AsyncLocalStorage } from "node:async_hooks";
import type { StoreQueries } from "../types";

interface ActiveTransaction {
  owner: object;
  queries: StoreQueries;
}

const active = new AsyncLocalStorage<ActiveTransaction>();

/** The transaction of `owner` the current call runs in, if any. */
export function activeTransactionOf(owner: object): StoreQueries | undefined {
  const current = active.getStore();
  return current?.owner === owner ? current.queries : undefined;
}

/** Runs `work` with `queries` as `owner`'s active transaction. */
export function withActiveTransaction<T>(
  owner: object,
  queries: StoreQueries,
  work: () => Promise<T>,
): Promise<T> {
  return active.run({ owner, queries }, work);
}
