// Types of external.mjs for the tests that load the external sets.
import type { ToolCatalog } from "../src/index";

/** One function of an external corpus (normalised JSON Lines, see ../shared/data/external/README.md). */
export interface ExternalEntry {
  id: string;
  title: string;
  text: string;
  parameters?: Record<string, unknown>;
}

/** One labelled request: any of `expected` is a right answer. */
export interface ExternalQuery {
  query: string;
  expected: string[];
}

export const externalDir: string;
/** The external sets present on this machine: [set, label, corpus, queries]. */
export function externalSets(): Array<[string, string, ExternalEntry[], ExternalQuery[]]>;
/** Ranked corpus ids (a result and its variants) for each request, from one ToolCatalog class. */
export function externalCatalogRanker(catalogClass: typeof ToolCatalog, corpus: readonly ExternalEntry[], queries: readonly ExternalQuery[], options?: ConstructorParameters<typeof ToolCatalog>[0]): Promise<(query: string) => string[][]>;
/** Plain BM25 over title + text. */
export function externalPlainRanker(corpus: readonly ExternalEntry[]): (query: string) => string[];
/** MetaTool's two-tool requests over its 199 tools, when the data is present (scored, never tuned on). */
export function metatoolTwoTool(): { corpus: ExternalEntry[]; queries: ExternalQuery[] } | undefined;
/** The share of `queries` whose every expected id is among the first `depth` results. */
export function allExpectedWithin(rankOf: (query: string) => ReadonlyArray<string | readonly string[]>, queries: readonly ExternalQuery[], depth: number): { n: number; share: number };
