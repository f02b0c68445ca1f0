// Types of corpus.mjs for the tests that load the shared corpus.
import type { ToolCatalog } from "../src/index";

/** One entry of the shared MCP tools corpus. */
export interface CorpusEntry {
  server: string;
  name: string;
  description: string;
  inputSchema?: Record<string, unknown>;
  readOnly: boolean | null;
  toolset: string;
  annotations?: Record<string, unknown>;
}

export const corpusPath: string;
export function loadCorpus(): CorpusEntry[] | undefined;
/** Fills a catalog with the corpus; returns tool name → corpus key (`<server>/<name>`). */
export function fillCatalog(catalog: ToolCatalog, entries: readonly CorpusEntry[]): Map<string, string>;
