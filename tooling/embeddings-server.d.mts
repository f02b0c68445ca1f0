// Types of embeddings-server.mjs for the TypeScript tests that import it.
/** The model name the server answers with (bench rows carry it). */
export declare const EMBEDDINGS_MODEL: string;
/** Starts the USE-lite /v1/embeddings server on 127.0.0.1 (`port` 0: any free port). */
export declare function startEmbeddingsServer(options?: { port?: number }): Promise<{ url: string; port: number; close(): Promise<void> }>;
/** The server as a child process: its URL, counters, failure-mode switch and stop (by pid). */
export interface SpawnedEmbeddingsServer {
  url: string;
  pid: number;
  stats(): Promise<{ requests: number; texts: number; mode: string }>;
  setMode(mode: "normal" | "slow" | "garbage" | "nan" | "wrong-count" | "wrong-dimension" | "http-500", delayMs?: number): Promise<void>;
  stop(): Promise<void>;
}
/** Starts the server as a child process and resolves once it listens. */
export declare function spawnEmbeddingsServer(): Promise<SpawnedEmbeddingsServer>;
