// Memory's semantic option: the keyword ranking (search/rank.ts) fused with the active facts whose
// embeddings are nearest the question (@foundry-mcp/text-analysis's HybridRanker). Fact vectors
// are kept in `.foundry/cache/memory-vectors.json`, beside the saved index, and written again
// only when a fact was embedded (query vectors stay in memory).

import { mkdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { HybridRanker, openAiEmbeddings, VectorCache, type SemanticStatus } from "@foundry-mcp/text-analysis";
import type { FactType } from "../../types";
import { rankFacts, type RankedFact } from "../rank";
import type { SearchIndex } from "../search-index";
import type { MemorySemanticConfig } from "./semantic-config";

// How many keyword hits take part in the fusion, whatever the page size.
const LEXICAL_DEPTH = 50;
// A saved vector file larger than this is not read (it is rebuilt as facts are searched).
const MAX_SAVED_BYTES = 256 * 1024 * 1024;

/** Ranks facts by keywords and meaning for one `memorySearch.semantic` setting. */
export class SemanticFacts {
  private readonly ranker: HybridRanker;
  private readonly texts = new WeakMap<object, string>();

  constructor(
    config: MemorySemanticConfig,
    private readonly vectorsPath: string,
    environment: Readonly<Record<string, string | undefined>> = process.env,
  ) {
    const apiKey = config.apiKeyEnv === undefined ? undefined : environment[config.apiKeyEnv];
    const provider = openAiEmbeddings({ url: config.url, model: config.model, ...(apiKey ? { apiKey } : {}), ...(config.batchSize ? { batchSize: config.batchSize } : {}) });
    const cache = new VectorCache(config.maxCachedVectors);
    loadSaved(cache, vectorsPath);
    const { url: _url, model: _model, apiKeyEnv: _key, batchSize: _batch, maxCachedVectors: _max, ...numbers } = config;
    this.ranker = new HybridRanker({ provider, cache, ...numbers });
  }

  /** The best `limit` facts by fused rank, and how they were ranked. */
  async rank(index: SearchIndex, query: string, options: { type?: FactType; limit: number }): Promise<{ ranked: RankedFact[]; status: SemanticStatus }> {
    const lexical = rankFacts(index, query, { ...options, limit: Math.max(options.limit, LEXICAL_DEPTH) });
    const positionOf = new Map(index.facts.map((fact, position) => [fact, position]));
    const scoreOf = new Map(lexical.map((hit) => [hit.fact, hit.score]));
    const texts = index.facts.map((fact) => this.textOf(fact));
    const allow = options.type === undefined ? undefined : (position: number) => index.facts[position]!.type === options.type;
    const { order, status } = await this.ranker.fuse(query, texts, lexical.map((hit) => ({ position: positionOf.get(hit.fact)!, score: hit.score })), allow);
    if (this.ranker.cache.changeCount > 0) await this.save();
    const ranked = order.slice(0, options.limit).map((position) => {
      const fact = index.facts[position]!;
      return { fact, score: scoreOf.get(fact) ?? 0 };
    });
    return { ranked, status };
  }

  // What a model embeds for a fact: title, tags, body (memoised per fact object, which is immutable).
  private textOf(fact: SearchIndex["facts"][number]): string {
    let text = this.texts.get(fact);
    if (text === undefined) {
      text = `${fact.title}. ${fact.tags.join(", ")}${fact.tags.length > 0 ? ". " : ""}${fact.body}`;
      this.texts.set(fact, text);
    }
    return text;
  }

  // A cache that cannot be written costs recomputation later, never the answer now.
  private async save(): Promise<void> {
    try {
      mkdirSync(path.dirname(this.vectorsPath), { recursive: true });
      await writeFileAtomic(this.vectorsPath, JSON.stringify(this.ranker.cache.save()), { durable: false });
      this.ranker.cache.markSaved();
    } catch {
      // Left unsaved: the next search that embeds a fact tries again.
    }
  }
}

function loadSaved(cache: VectorCache, vectorsPath: string): void {
  try {
    if (statSync(vectorsPath).size > MAX_SAVED_BYTES) return;
    cache.load(JSON.parse(readFileSync(vectorsPath, "utf8")));
  } catch {
    // Missing, unreadable or malformed: every vector in it can be computed again.
  }
}

/** The SemanticFacts of the config in force: made again only when `memorySearch.semantic` changes. */
export class SemanticOption {
  private current: { key: string; facts: SemanticFacts } | undefined;

  constructor(private readonly cacheFolder: string) {}

  /** The ranker for these settings, or undefined when the option is off. */
  for(config: MemorySemanticConfig | undefined): SemanticFacts | undefined {
    if (config === undefined) return (this.current = undefined);
    const key = JSON.stringify(config);
    if (this.current?.key !== key) this.current = { key, facts: new SemanticFacts(config, path.join(this.cacheFolder, "memory-vectors.json")) };
    return this.current.facts;
  }
}
