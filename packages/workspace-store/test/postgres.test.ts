// The PostgreSQL driver passes the same conformance file as SQLite against a real server: a
// throwaway cluster started for this file (tooling/postgres-cluster.mjs; without PostgreSQL it
// skips with a loud printed reason on a developer's machine and fails in CI). Also: two stores migrating at once, and connection errors that
// name the host but never the password.
import net from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresGate, startPostgres } from "../../../tooling/postgres-cluster.mjs";
import type { PostgresCluster } from "../../../tooling/postgres-cluster.mjs";
import { MIGRATIONS, openPostgresStore, openWorkspaceStore, WorkspaceStoreError } from "../src/index";
import type { HostSchema, WorkspaceStore } from "../src/index";
import { workspaceStoreConformance } from "./driver-conformance";
import { isolationConformance } from "./isolation-conformance";
import { learnedRequestsConformance } from "./learned-conformance";
import { learnedFenceConformance } from "./learned-fence-conformance";
import { choiceRanksConformance } from "./choice-ranks-conformance";
import { oauthConformance } from "./oauth-conformance";
import { hostSchemaConformance } from "./host-conformance";
import { TEST_HOST_SCHEMA } from "./test-host-schema";
import { queryConformance } from "./query-conformance";

let cluster: PostgresCluster;
let databases = 0;
const nextDatabase = () => cluster.createDatabase(`conformance_${(databases += 1)}`);

const gate = postgresGate();

beforeAll(async () => {
  if (gate.run) cluster = await startPostgres();
});
afterAll(() => cluster?.stop());

if (gate.run) {
  workspaceStoreConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase(), hostSchemas: [TEST_HOST_SCHEMA] }),
    (store) => store.close(),
  );
  isolationConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
  learnedRequestsConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
  learnedFenceConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
  choiceRanksConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
  oauthConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
  const urls = new Map<WorkspaceStore, string>();
  const openAt = async (url: string, hostSchemas: readonly HostSchema[]) => {
    const store = await openPostgresStore({ url, hostSchemas });
    urls.set(store, url);
    return store;
  };
  hostSchemaConformance(
    "postgres",
    async (hostSchemas, reuse) => {
      if (!reuse) return openAt(nextDatabase(), hostSchemas);
      await reuse.close();
      return openAt(urls.get(reuse)!, hostSchemas);
    },
    (store) => store.close(),
  );
  queryConformance(
    "postgres",
    () => openPostgresStore({ url: nextDatabase() }),
    (store) => store.close(),
  );
}

/** A port nothing listens on: bound, then closed. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const server = net.createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

describe.skipIf(!gate.run)("postgres driver", () => {
  it("lets two instances migrate the same database at once", async () => {
    const url = nextDatabase();
    const stores: WorkspaceStore[] = await Promise.all([
      openWorkspaceStore({ url }),
      openWorkspaceStore({ url }),
    ]);
    await Promise.all(stores.map((store) => store.migrate()));
    expect(await stores[0]!.get("SELECT COUNT(*) AS n FROM schema_migrations")).toEqual({ n: MIGRATIONS.length });
    await Promise.all(stores.map((store) => store.close()));
  });

  it("names the host and database when it cannot connect, never the password", async () => {
    const port = await closedPort();
    const error = await openPostgresStore({
      url: `postgres://amicited:s3cret-pw@127.0.0.1:${port}/gateway`,
    }).catch((caught: unknown) => caught);
    expect(WorkspaceStoreError.isInstance(error) && error.code).toBe("CONNECT_FAILED");
    expect((error as Error).message).toBe(
      `cannot connect to PostgreSQL at 127.0.0.1:${port}/gateway: connect ECONNREFUSED 127.0.0.1:${port}. Check --database or DATABASE_URL and that the server is running.`,
    );
    expect((error as Error).message).not.toContain("s3cret-pw");
  });

  it("refuses a URL that is not postgres:// without echoing it", async () => {
    const error = await openPostgresStore({ url: "mysql://root:hunter2@db/x" }).catch(
      (caught: unknown) => caught,
    );
    expect((error as WorkspaceStoreError).code).toBe("INVALID_ARGUMENT");
    expect((error as Error).message).toBe(
      "the database URL is not a postgres:// URL; give postgres://USER:PASSWORD@HOST:PORT/DATABASE.",
    );
  });

  it("names the missing optional library and the install command", async () => {
    const error = await openPostgresStore({
      url: cluster.url,
      moduleName: "pg-not-installed",
    }).catch((caught: unknown) => caught);
    expect((error as WorkspaceStoreError).code).toBe("DRIVER_UNAVAILABLE");
    expect((error as Error).message).toBe(
      "the postgres driver needs the optional peer dependency pg-not-installed: install it (npm install pg@8).",
    );
  });
});
