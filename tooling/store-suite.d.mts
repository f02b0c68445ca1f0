// Types of store-suite.mjs for the TypeScript tests that import it.
interface MigratableStore {
  migrate(): Promise<void>;
}
interface QueryableStore {
  all<T = Record<string, unknown>>(sql: string, params?: readonly (string | number | bigint | null)[]): Promise<T[]>;
}
export declare function describeOnMigratedStore<S extends MigratableStore>(
  title: string,
  open: () => Promise<S>,
  dispose: (store: S) => Promise<void>,
  body: (store: () => S) => void,
): void;
export declare function workspaceMaker<S>(
  insertWorkspace: (store: S, workspace: { name: string; plan: string; credits: number; dataAsOf: string }) => Promise<{ id: string }>,
): (store: S, name: string) => Promise<string>;
export declare function tokenIdsOf(store: QueryableStore, workspaceId: string): Promise<number[]>;
