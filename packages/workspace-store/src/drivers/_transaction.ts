// The scoped form of a transaction, shared by every driver: commit when `work` resolves, roll
// back when it throws; inside it the store's own queries join the transaction (_call-scope.ts).
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";
import type { CompiledStatement, RunResult, SqlStatement, StoreQueries, StoreTransaction } from "../types";
import { activeTransactionOf, withActiveTransaction } from "./_call-scope";

/** Runs `work` inside a transaction opened by `begin`, or inside the one already active. */
export async function runInTransaction<T>(
  owner: object,
  begin: () => Promise<StoreTransaction>,
  work: (queries: StoreQueries) => Promise<T>,
): Promise<T> {
  const current = activeTransactionOf(owner);
  if (current) return work(current);
  const transaction = await begin();
  try {
    const result = await withActiveTransaction(owner, transaction, () => work(transaction));
    await transaction.commit();
    return result;
  } catch (error) {
    await transaction.rollback();
    throw error;
  }
}

/** Runs statements one after another on `queries` (inside a transaction the caller holds). */
export async function runStatements(
  queries: StoreQueries,
  statements: readonly (SqlStatement | CompiledStatement)[],
): Promise<RunResult[]> {
  const results: RunResult[] = [];
  for (const statement of statements)
    results.push(
      await ("parameters" in statement ? queries.run(statement) : queries.run(statement.sql, statement.params)),
    );
  return results;
}

/**
 * The store's public queries: inside an active transaction of `owner` they run on it, otherwise
 * on `outside`.
 */
export function routedQueries(owner: object, outside: StoreQueries): StoreQueries {
  const target = () => activeTransactionOf(owner) ?? outside;
  return {
    dialect: outside.dialect,
    all: (sql, params) => target().all(sql, params),
    get: (sql, params) => target().get(sql, params),
    run: (sql, params) => target().run(sql, params),
    columns: (sql, params) => target().columns(sql, params),
  };
}

/** begin() inside the same store's active transaction would wait for itself; refuse it. */
export function refuseNested(owner: object): void {
  if (activeTransactionOf(owner)) {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.STORE,
      "begin() was called inside a transaction of the same store; use the active transaction's queries or store.transaction(work), which joins it.",
    );
  }
}
