// Types of embeddings-server.mjs for the TypeScript tests that import it.
/** The model name the server answers with (bench rows carry it). */
export declare const EMBEDDINGS_MODEL: string;
/** Starts the USE-lite /v1/embeddings server on 127.0.0.1 (`port` 0: any free port). */
export declare function startEmbeddingsServer(options?: { port?: number }): Promise<{ url: string; port: number; close(): Promise<void> }>;
