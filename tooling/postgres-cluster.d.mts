/** A running throwaway PostgreSQL server (see postgres-cluster.mjs). */
export interface PostgresCluster {
  port: number;
  url: string;
  createDatabase(name: string): string;
  /** Stops the server and keeps its data (see restart). */
  halt(): void;
  /** Starts a halted server again on the same port. */
  restart(): void;
  stop(): void;
}
export function postgresBinDir(): string;
/** `run: false` (after a loud stderr notice) only outside CI; in CI a missing install throws. */
export function postgresGate(): { run: boolean; reason: string };
export function startPostgres(): Promise<PostgresCluster>;
