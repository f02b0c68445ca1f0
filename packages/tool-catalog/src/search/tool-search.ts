// Search over a snapshot of the catalog: builds the BM25F index from tool definitions and their
// toolsets, analyses a query with the catalog's vocabulary, ranks, and pages the hits.
// Neighbour: catalog.ts keeps one of these and rebuilds it after a registration.

import type { SearchResult, ToolDefinition, ToolsetDefinition } from "../types";
import { Bm25fIndex, DEFAULT_BM25F, type Bm25fSettings } from "./bm25f-index";
import { analyseQuery, buildExpansionTable, type ExpansionTable, type QueryGroup, type VocabularyExtension } from "./query";
import { fieldsOfMask, rankDocuments } from "./rank";
import { actionFit, isActionStem, requestActions, toolActions, type ToolAction } from "./intent";
import { analyse, summarise } from "./text";
import { collapseNearDuplicates, nearDuplicateGroups } from "./near-duplicates";
import { interleaveIntents, requestIntents } from "./multi-step";
import type { SemanticSearchSettings } from "@foundry-mcp/text-analysis";

/** How a catalog searches: vocabulary expansion, typo/prefix tolerance, BM25F settings. */
export interface SearchOptions {
  /** Expand queries with the synonym and concept tables (default true). */
  expansion?: boolean;
  /** Prefix and typo tolerance (default true). */
  fuzzy?: boolean;
  /** Host vocabulary added to the built-in tables. */
  vocabulary?: VocabularyExtension;
  /** Field weights and length normalisation (default DEFAULT_BM25F). */
  bm25f?: Bm25fSettings;
  /** Show near-duplicate tools once, naming the others in `variants` (default true). */
  groupNearDuplicates?: boolean;
  /** Move each action's best tools up when a request names several (default true). */
  multiStep?: boolean;
  /** Move up tools holding the request's adjacent words side by side (default true; search/word-pairs.ts). */
  wordPairs?: boolean;
  /** Match a request word's derivational family: "registering" meets "registration" (default true; search/derivation.ts). */
  derivation?: boolean;
  /** Fuse the ranking with an embeddings model's nearest tools (default off; search/semantic/). */
  semantic?: SemanticSearchSettings;
}

// Weight of a query concept that is only an action word (see explain).
const ACTION_GROUP_WEIGHT = 0.6;

/** Shared, immutable pieces that outlive index rebuilds. */
export class SearchSettings {
  readonly expansions: ExpansionTable | undefined;
  readonly fuzzy: boolean;
  readonly bm25f: Bm25fSettings;
  readonly groupNearDuplicates: boolean;
  readonly multiStep: boolean;
  readonly wordPairs: boolean;
  readonly derivation: boolean;

  constructor(options: SearchOptions = {}) {
    this.expansions = options.expansion === false ? undefined : buildExpansionTable(options.vocabulary);
    this.fuzzy = options.fuzzy !== false;
    // A host's settings may predate a field: the default fills what they leave out.
    const bm25f = options.bm25f;
    this.bm25f = bm25f === undefined ? DEFAULT_BM25F : { k1: bm25f.k1, weights: { ...DEFAULT_BM25F.weights, ...bm25f.weights }, lengthNormalisation: { ...DEFAULT_BM25F.lengthNormalisation, ...bm25f.lengthNormalisation } };
    this.groupNearDuplicates = options.groupNearDuplicates !== false;
    this.multiStep = options.multiStep !== false;
    this.wordPairs = options.wordPairs !== false;
    this.derivation = options.derivation !== false;
  }
}

/** One indexed snapshot of the catalog's tools. */
export class ToolSearchIndex<T extends ToolDefinition<never>> {
  private readonly index: Bm25fIndex;
  /** Stems of toolset names and titles → the toolsets they name. */
  private readonly toolsetWords = new Map<string, Set<string>>();
  /** The distinct action sets of the tools (a dozen or so), and each tool's position in it. */
  private readonly actionSets: ToolAction[][] = [];
  private readonly actionSetOf: Uint16Array;
  /** Each tool's near-duplicate group (-1: none), or undefined when grouping is off. */
  private readonly groupOf: Int32Array | undefined;

  constructor(
    private readonly tools: readonly T[],
    toolsets: ReadonlyMap<string, ToolsetDefinition>,
    private readonly settings: SearchSettings,
  ) {
    // Tools share a handful of action sets, so a query's action fit is worked out once per set
    // rather than once per matching tool.
    const setPositions = new Map<string, number>();
    this.actionSetOf = Uint16Array.from(tools, (tool) => {
      const actions = toolActions(nameWithinToolset(tool.name, toolsets.get(tool.toolset)), tool.kind);
      const key = actions.join(" ");
      let position = setPositions.get(key);
      if (position === undefined) {
        position = this.actionSets.push(actions) - 1;
        setPositions.set(key, position);
      }
      return position;
    });
    this.index = new Bm25fIndex(
      tools.map((tool) => {
        const toolset = toolsets.get(tool.toolset);
        const toolsetText = toolset === undefined ? tool.toolset : `${toolset.name} ${toolset.title} ${toolset.description}`;
        return { name: nameWithinToolset(tool.name, toolset), title: tool.title, toolsetText, description: tool.description, inputSchema: tool.inputSchema };
      }),
      settings.bm25f,
    );
    this.groupOf = settings.groupNearDuplicates
      ? nearDuplicateGroups(tools.map((tool) => ({ toolset: tool.toolset, name: nameWithinToolset(tool.name, toolsets.get(tool.toolset)), description: tool.description })))
      : undefined;
    for (const toolset of toolsets.values()) {
      for (const { stem } of analyse(`${toolset.name} ${toolset.title}`)) {
        const names = this.toolsetWords.get(stem) ?? new Set<string>();
        names.add(toolset.name);
        this.toolsetWords.set(stem, names);
      }
    }
  }

  // Toolsets the request names, through its own words or their synonyms ("k8s" → kubernetes).
  private mentionedToolsets(groups: QueryGroup[]): Set<string> {
    const mentioned = new Set<string>();
    for (const group of groups) {
      for (const alternative of group.alternatives) {
        if (alternative.source !== "exact" && alternative.source !== "synonym") continue;
        for (const stem of alternative.stems) for (const name of this.toolsetWords.get(stem) ?? []) mentioned.add(name);
      }
    }
    return mentioned;
  }

  /** The query as the ranker sees it (for debugging ranking and for tests). */
  explain(query: string): QueryGroup[] {
    const groups = analyseQuery(query, this.index, { expansions: this.settings.expansions, fuzzy: this.settings.fuzzy, derivation: this.settings.derivation });
    // A concept that is only an action ("open a new…", "show", "add") says how, not what: the
    // action fit (search/intent.ts) weighs it, so as a term it counts less than the objects.
    for (const group of groups) {
      const exact = group.alternatives.find((alternative) => alternative.source === "exact");
      if (exact !== undefined && exact.stems.every(isActionStem)) group.weight = (group.weight ?? 1) * ACTION_GROUP_WEIGHT;
    }
    return groups;
  }

  /**
   * Every matching tool, best first, optionally within one toolset (results built lazily); a
   * near-duplicate group appears once, at its best member, with the others as its variants. A
   * request naming several actions has each action's best tools near the top (search/multi-step.ts).
   */
  rank(query: string, toolset?: string): RankedTool<T>[] {
    const whole = this.rankOne(query, toolset);
    const intents = this.settings.multiStep ? requestIntents(query) : [];
    if (intents.length === 0) return whole;
    const keysOf = (entry: RankedTool<T>) => [entry.tool.name, ...(entry.variants ?? [])];
    return interleaveIntents(whole, intents.map((intent) => this.rankOne(intent, toolset)), keysOf);
  }

  private rankOne(query: string, toolset?: string): RankedTool<T>[] {
    const groups = this.explain(query);
    const allow = toolset === undefined ? undefined : (doc: number) => this.tools[doc]!.toolset === toolset;
    const named = this.mentionedToolsets(groups);
    const mentioned = named.size === 0 ? undefined : (doc: number) => named.has(this.tools[doc]!.toolset);
    const implied = groups.flatMap((group) => group.alternatives.filter((alternative) => alternative.source === "related").flatMap((alternative) => alternative.stems));
    const requested = requestActions(query, implied);
    const fits = requested.size === 0 ? undefined : this.actionSets.map((actions) => actionFit(requested, actions));
    const fit = fits === undefined ? undefined : (doc: number) => fits[this.actionSetOf[doc]!]!;
    const ranked = rankDocuments(groups, this.index, { allow, mentioned, actionFit: fit });
    if (this.settings.wordPairs) this.index.wordPairs.reorder(query, ranked);
    const groupOf = this.groupOf;
    const entries = groupOf === undefined ? ranked.map((hit) => ({ hit, variants: [] })) : collapseNearDuplicates(ranked, (hit) => groupOf[hit.doc]!);
    return entries.map(({ hit, variants }) => ({
      tool: this.tools[hit.doc]!,
      score: Math.round(hit.score * 1000) / 1000,
      mask: hit.mask,
      variants: variants.map((variant) => this.tools[variant.doc]!.name),
    }));
  }
}

// The name without its toolset prefix: the prefix names the area (indexed with the toolset),
// the rest says what the tool does.
function nameWithinToolset(name: string, toolset: ToolsetDefinition | undefined): string {
  if (toolset === undefined) return name;
  const prefixes = [toolset.prefix, ...(toolset.extraPrefixes ?? [])].sort((left, right) => right.length - left.length);
  const prefix = prefixes.find((candidate) => candidate !== "" && name.startsWith(candidate) && name.length > candidate.length);
  return prefix === undefined ? name : name.slice(prefix.length);
}

/** One ranked tool before it becomes a SearchResult (only the page shown pays for summaries). */
export interface RankedTool<T> {
  tool: T;
  score: number;
  /** Matched fields as bits (0 when browsing). */
  mask: number;
  /** Names of its near-duplicates that also matched, best first (empty for most tools). */
  variants?: string[];
}

const SUMMARIES = new WeakMap<object, string>();

/** A search result for one tool. */
export function resultFor(tool: ToolDefinition<never>, score: number, mask: number, variants: readonly string[] = []): SearchResult {
  let summary = SUMMARIES.get(tool);
  if (summary === undefined) {
    summary = summarise(tool.description);
    SUMMARIES.set(tool, summary);
  }
  const result: SearchResult = { name: tool.name, toolset: tool.toolset, kind: tool.kind, summary, matchedIn: fieldsOfMask(mask), score };
  if (variants.length > 0) result.variants = [...variants];
  return result;
}
