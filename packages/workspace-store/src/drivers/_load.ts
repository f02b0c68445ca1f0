// Loads a driver's optional library on first use, with a clear "install X" error when missing,
// so that a user of one driver never needs the other's library.
import { messageOf } from "@foundry-mcp/core";
import { WorkspaceStoreError, WorkspaceStoreErrorCode } from "../errors";

/** Imports `moduleName`, or throws DRIVER_UNAVAILABLE naming the install command. */
export async function loadOptional<T>(
  moduleName: string,
  driver: string,
  install: string,
): Promise<T> {
  try {
    const loaded = (await import(/* @vite-ignore */ moduleName)) as { default?: unknown };
    return (loaded.default ?? loaded) as T;
  } catch (error) {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.DRIVER_UNAVAILABLE,
      `the ${driver} driver needs the optional peer dependency ${moduleName}: install it (${install}).`,
      { cause: error },
    );
  }
}

const identifier = /^[a-z_][a-z0-9_]*$/;

/** Refuses table or column names that are not plain lowercase identifiers (they go into SQL text). */
export function checkIdentifiers(table: string, columns: readonly string[]): void {
  if (!identifier.test(table) || !columns.every((column) => identifier.test(column))) {
    throw new WorkspaceStoreError(
      WorkspaceStoreErrorCode.INVALID_ARGUMENT,
      `insertMany: table and column names must match ${String(identifier)}; got table ${JSON.stringify(table)}.`,
    );
  }
}

/** Wraps a database's own error as STORE, keeping it as the cause. */
export function storeError(error: unknown): WorkspaceStoreError {
  if (WorkspaceStoreError.isInstance(error)) return error;
  return new WorkspaceStoreError(
    WorkspaceStoreErrorCode.STORE,
    `store rejected a statement: ${messageOf(error)}`,
    { cause: error },
  );
}
