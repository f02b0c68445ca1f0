// Routes a store's queries into the transaction the current async call runs in: code inside
// `store.transaction(work)` may keep calling the store itself (tool helpers do) and its statements
// land in that transaction instead of waiting behind it.
// On Node 20 and 22 an enabled AsyncLocalStorage installs promise hooks that tax every promise the
// process makes, inside a transaction or not (a gateway call makes hundreds); so the storage is
// enabled only while a transaction runs and disabled again when the last one settles. Outside
// every transaction no call has an active one, which is what a disabled storage answers.
import { AsyncLocalStorage } from "node:async_hooks";
import type { StoreQueries } from "../types";

interface ActiveTransaction {
  owner: object;
  queries: StoreQueries;
}

const active = new AsyncLocalStorage<ActiveTransaction>();
/** Transactions whose work has not settled yet, all stores of the process together. */
let running = 0;

const settled = (): void => {
  running -= 1;
  if (running === 0) active.disable();
};

/** The transaction of `owner` the current call runs in, if any. */
export function activeTransactionOf(owner: object): StoreQueries | undefined {
  const current = active.getStore();
  return current?.owner === owner ? current.queries : undefined;
}

/** Runs `work` with `queries` as `owner`'s active transaction. */
export async function withActiveTransaction<T>(
  owner: object,
  queries: StoreQueries,
  work: () => Promise<T>,
): Promise<T> {
  running += 1;
  try {
    return await active.run({ owner, queries }, work);
  } finally {
    settled();
  }
}
