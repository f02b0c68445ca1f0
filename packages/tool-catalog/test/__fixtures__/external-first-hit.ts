// Regression cases from the external sets (bench/external.mjs: BFCL, MetaTool): the tool a
// default catalog over one set's corpus ranks first for a request. Shared by the search tests that
// pin such cases; they skip when the sets' data folder is absent.
import { ToolCatalog } from "../../src/index";
import { externalCatalogRanker, externalSets } from "../../bench/external.mjs";

/** The external corpora by set name ("bfcl", "metatool"); empty without the data folder. */
export const externalCorpora = new Map(externalSets().map(([set, , corpus]) => [set, corpus]));

/** The corpus ids a default catalog over `set` ranks for `query`, best first (each result's own tool). */
export async function rankedExternalHits(set: string, query: string): Promise<string[]> {
  const corpus = externalCorpora.get(set);
  if (corpus === undefined) throw new Error(`no external set "${set}" (have: ${[...externalCorpora.keys()].join(", ")})`);
  const rank = await externalCatalogRanker(ToolCatalog, corpus, [{ query, expected: [] }]);
  return (rank(query) ?? []).map((keys: string[]) => keys[0]!);
}

/** The corpus id a default catalog over `set` ranks first for `query`. */
export async function firstExternalHit(set: string, query: string): Promise<string | undefined> {
  return (await rankedExternalHits(set, query))[0];
}
