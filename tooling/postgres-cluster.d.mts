/** A running throwaway PostgreSQL server (see postgres-cluster.mjs). */
export interface PostgresCluster {
  port: number;
  url: string;
  createDatabase(name: string): string;
  stop(): void;
}
export function postgresBinDir(): string;
export function startPostgres(): Promise<PostgresCluster>;
