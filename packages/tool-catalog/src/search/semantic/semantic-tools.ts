// The catalog's semantic option: the lexical ranking (tool-search.ts) fused with the tools whose
// embeddings are nearest the request (@foundry-mcp/text-analysis's HybridRanker). Off unless
// SearchOptions.semantic names a provider; vectors live in the ranker's cache (the catalog's store
// for them), keyed by model and text, so re-registering unchanged tools embeds nothing again.

import { HybridRanker, splitWords, type LexicalHit, type SemanticSearchSettings, type SemanticStatus } from "@foundry-mcp/text-analysis";
import { CatalogError, CatalogErrorCode } from "../../errors";
import type { ToolDefinition } from "../../types";
import type { RankedTool } from "../tool-search";

/** The tools' texts for one catalog snapshot, and where each tool sits in it. */
interface Snapshot<T> {
  tools: readonly T[];
  texts: string[];
  positionOf: Map<string, number>;
}

/** Ranks a catalog's lexical hits together with the tools nearest the request in meaning. */
export class SemanticToolSearch<T extends ToolDefinition<never>> {
  private readonly ranker: HybridRanker;
  private snapshot: Snapshot<T> | undefined;

  constructor(settings: SemanticSearchSettings) {
    try {
      this.ranker = new HybridRanker(settings);
    } catch (error) {
      throw new CatalogError(CatalogErrorCode.INVALID_SEARCH_OPTIONS, `search.semantic.${(error as Error).message}`, { cause: error });
    }
  }

  /**
   * The lexical entries re-ordered by fusion, with tools only the embeddings found added (score
   * 0, no matched fields); a near-duplicate found that way stays inside its group's entry.
   */
  async rerank(query: string, tools: readonly T[], lexical: RankedTool<T>[], toolset?: string): Promise<{ ranked: RankedTool<T>[]; status: SemanticStatus }> {
    const snapshot = this.snapshotOf(tools);
    const entryOf = new Map<number, RankedTool<T>>();
    const lexicalHits: LexicalHit[] = [];
    for (const entry of lexical) {
      const position = snapshot.positionOf.get(entry.tool.name)!;
      lexicalHits.push({ position, score: entry.score });
      entryOf.set(position, entry);
      for (const variant of entry.variants ?? []) entryOf.set(snapshot.positionOf.get(variant)!, entry);
    }
    const allow = toolset === undefined ? undefined : (position: number) => snapshot.tools[position]!.toolset === toolset;
    const { order, status } = await this.ranker.fuse(query, snapshot.texts, lexicalHits, allow);
    const seen = new Set<RankedTool<T>>();
    const ranked: RankedTool<T>[] = [];
    for (const position of order) {
      const entry = entryOf.get(position) ?? { tool: snapshot.tools[position]!, score: 0, mask: 0 };
      if (seen.has(entry)) continue;
      seen.add(entry);
      ranked.push(entry);
    }
    return { ranked, status };
  }

  private snapshotOf(tools: readonly T[]): Snapshot<T> {
    if (this.snapshot?.tools !== tools) {
      this.snapshot = { tools, texts: tools.map(toolText), positionOf: new Map(tools.map((tool, position) => [tool.name, position])) };
    }
    return this.snapshot;
  }
}

// What a model embeds for a tool: its name as words, its title and description.
function toolText(tool: ToolDefinition<never>): string {
  return `${splitWords(tool.name).join(" ")}${tool.title ? `. ${tool.title}` : ""}. ${tool.description}`;
}
