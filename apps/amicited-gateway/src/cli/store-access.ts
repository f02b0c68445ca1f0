// Where a command's store is (--database, --data or DATABASE_URL) and opening it for one command:
// shared by the commands in commands.ts and learned-commands.ts.
import type { StoreLocation, WorkspaceStore } from "@foundry-mcp/workspace-store";
import { storeExists, storeLocationOf, type StorageOptions } from "../backend";
import { GatewayError, GatewayErrorCode } from "../errors";
import { openGatewayStore } from "../store-schema/gateway-schema";
import { flagString, USAGE, type ParsedArgs } from "./args";

/** --database, else --data, else DATABASE_URL: an explicit flag beats the environment. */
export function storageOf(args: ParsedArgs): StorageOptions {
  const database = flagString(args, "database");
  const dataDir = flagString(args, "data");
  if (database) return { database };
  if (dataDir) return { dataDir };
  const fromEnvironment = process.env.DATABASE_URL;
  if (fromEnvironment) return { database: fromEnvironment };
  throw new GatewayError(GatewayErrorCode.USAGE, `--data DIR or --database postgres://… (or DATABASE_URL) is required\n${USAGE}`);
}

/** How the user named the location, for messages: `--database URL` or `--data DIR`. */
export const where = (location: StoreLocation): string => ("url" in location ? "--database URL" : `--data ${location.dataDir}`);

/** Opens the store at `location`, runs `work`, and closes the store whatever happens. */
export async function withStore<T>(location: StoreLocation, work: (store: WorkspaceStore) => Promise<T>): Promise<T> {
  const store = await openGatewayStore(location);
  try {
    return await work(store);
  } finally {
    await store.close();
  }
}

/** The location of the command's store, refused with the `init` to run when no store is there yet. */
export function existingStoreOf(args: ParsedArgs): StoreLocation {
  const location = storeLocationOf(storageOf(args));
  if (!storeExists(location))
    throw new GatewayError(GatewayErrorCode.USAGE, `${where(location)} holds no store; run: amicited-gateway init ${where(location)}`);
  return location;
}
