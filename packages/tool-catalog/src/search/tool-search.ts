// Search over a snapshot of the catalog: builds the BM25F index from tool definitions and their
// toolsets, analyses a query with the catalog's vocabulary, ranks, and pages the hits.
// Neighbour: catalog.ts keeps one of these and rebuilds it after a registration.

import type { SearchResult, ToolDefinition, ToolsetDefinition } from "../types";
import { Bm25fIndex, DEFAULT_BM25F, inverseDocumentFrequency, type Bm25fSettings, type TermIndex } from "./bm25f-index";
import { LearnedOverlay } from "./learned-overlay";
import { analyseQuery, buildExpansionTable, readablePart, type ExpansionTable, type QueryGroup, type VocabularyExtension } from "./query";
import { fieldsOfMask, RankComponents, rankDocuments, type RankedDocument } from "./rank";
import { headFeatures, namedFeatures, rerankHead, weightVector, type FeatureSources, type RerankFeature, type RerankWeights } from "./rerank";
import { RERANK_WEIGHTS } from "./rerank-weights";
import { actionFit, isActionStem, requestActions, toolActions, type ToolAction } from "./intent";
import { analyse, summarise } from "./text";
import { collapseNearDuplicates, nearDuplicateGroups } from "./near-duplicates";
import { interleaveIntents, requestIntents } from "./multi-step";
import { SCENE_WEIGHT, sceneOnlyStems } from "./sentence-roles";
import { functionRoles, REQUEST_FORM_WEIGHT } from "./function-roles";
import { preferDistinctWords } from "./distinct-words";
import { StatedArguments } from "./stated-arguments";
import { StatedCounts } from "./stated-counts";
import { TemporalFit } from "./temporal-fit";
import type { LearningOptions } from "./learned-requests";
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
  /** Move up tools whose parameters enumerate a value the request says (default true; search/enum-fit.ts). */
  enumFit?: boolean;
  /** Match a request word's derivational family: "registering" meets "registration" (default true; @foundry-mcp/text-analysis derivation.ts). */
  derivation?: boolean;
  /** Words only a request's scene-setting sentences say count less than the asking sentences' (default true; search/sentence-roles.ts). */
  sentenceRoles?: boolean;
  /** Of close siblings at the head, put first the one holding request words the other lacks (default true; search/distinct-words.ts). */
  distinctWords?: boolean;
  /** A request naming a day moves down tools that say they give only the present state (default true; search/temporal-fit.ts). */
  temporalFit?: boolean;
  /** Tools requiring a day or clock time the request does not state move down (default true; search/stated-arguments.ts). */
  statedArguments?: boolean;
  /** Tools requiring a count of things ("number_of_tickets") move down when the request counts nothing (default true; search/stated-counts.ts). */
  statedCounts?: boolean;
  /** Two adjacent request words a tool writes as one ("set up" ~ setup) form one concept that also matches the joined word (default true; search/open-compounds.ts). */
  openCompounds?: boolean;
  /** Fuse the ranking with an embeddings model's nearest tools (default off; search/semantic/). */
  semantic?: SemanticSearchSettings;
  /** The learned second stage (search/rerank.ts; default off): `{}` turns it on with the trained weights. */
  reranker?: RerankerSettings;
  /** Requests the host saw a tool answer (`catalog.learn`) join that tool's text (default on; `false` ignores `learn`; search/learned-requests.ts). */
  learning?: LearningOptions | false;
}

/** The second stage's model, and a trainer's view of its input (bench/train-reranker.mjs). */
export interface RerankerSettings {
  /** Weight per feature (default RERANK_WEIGHTS; a missing feature weighs 0). */
  weights?: RerankWeights;
  /** Called with the first stage's head for every ranking (each clause's too), before the model reorders it. */
  observe?: (query: string, candidates: Array<{ name: string; features: Record<RerankFeature, number> }>) => void;
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
  readonly enumFit: boolean;
  readonly sentenceRoles: boolean;
  readonly distinctWords: boolean;
  readonly temporalFit: boolean;
  readonly openCompounds: boolean;
  readonly statedArguments: boolean;
  readonly statedCounts: boolean;
  /** The second stage's weights (RERANK_FEATURES order), or undefined when it is off. */
  readonly rerankWeights: Float64Array | undefined;
  readonly observeHead: RerankerSettings["observe"];

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
    this.enumFit = options.enumFit !== false;
    this.sentenceRoles = options.sentenceRoles !== false;
    this.distinctWords = options.distinctWords !== false;
    this.temporalFit = options.temporalFit !== false;
    this.openCompounds = options.openCompounds !== false;
    this.statedArguments = options.statedArguments !== false;
    this.statedCounts = options.statedCounts !== false;
    const reranker = options.reranker;
    this.rerankWeights = reranker === undefined ? undefined : weightVector(reranker.weights ?? RERANK_WEIGHTS);
    this.observeHead = reranker?.observe;
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
  /** Size of each near-duplicate group, by group number. */
  private readonly groupSizes = new Map<number, number>();
  /** Present-state tools a request naming a day moves down (search/temporal-fit.ts), or undefined when off. */
  private readonly temporalFit: TemporalFit | undefined;
  /** Required parameters of a kind a request can state (search/stated-arguments.ts), or undefined when off. */
  private readonly statedArguments: StatedArguments | undefined;
  /** Tools requiring a count of things (search/stated-counts.ts), or undefined when off. */
  private readonly statedCounts: StatedCounts | undefined;
  /** Tool name → its number in the index, made when a tenant's requests are first laid over it. */
  private docOf: Map<string, number> | undefined;
  /** Word stems of the tools the sibling tie-break compared, built on first use (a few per search). */
  private readonly wordSets = new Map<number, Set<string>>();

  constructor(
    private readonly tools: readonly T[],
    toolsets: ReadonlyMap<string, ToolsetDefinition>,
    private readonly settings: SearchSettings,
    learnedText: (tool: string) => string | undefined = () => undefined,
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
        return { name: nameWithinToolset(tool.name, toolset), title: tool.title, toolsetText, description: tool.description, inputSchema: tool.inputSchema, learned: learnedText(tool.name) };
      }),
      settings.bm25f,
    );
    this.temporalFit = settings.temporalFit ? new TemporalFit(tools, this.index.describingStems) : undefined;
    this.statedArguments = settings.statedArguments ? new StatedArguments(tools) : undefined;
    this.statedCounts = settings.statedCounts ? new StatedCounts(tools) : undefined;
    this.groupOf = settings.groupNearDuplicates
      ? nearDuplicateGroups(tools.map((tool) => ({ toolset: tool.toolset, name: nameWithinToolset(tool.name, toolsets.get(tool.toolset)), description: tool.description })))
      : undefined;
    for (const group of this.groupOf ?? []) if (group >= 0) this.groupSizes.set(group, (this.groupSizes.get(group) ?? 0) + 1);
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

  /**
   * One tenant's learned requests (tool name → their text) laid over this index: rank with it to
   * rank as this index would with those requests learned into it (search/learned-overlay.ts).
   */
  overlay(learned: ReadonlyMap<string, string>): TermIndex {
    if (this.docOf === undefined) this.docOf = new Map(this.tools.map((tool, doc) => [tool.name, doc]));
    const texts = new Map<number, string>();
    for (const [tool, text] of learned) {
      const doc = this.docOf.get(tool);
      if (doc !== undefined) texts.set(doc, text);
    }
    return new LearnedOverlay(this.index, texts);
  }

  /** The query as the ranker sees it (for debugging ranking and for tests); `terms` is this index or an overlay of it. */
  explain(query: string, terms: TermIndex = this.index): QueryGroup[] {
    const groups = analyseQuery(query, terms, { expansions: this.settings.expansions, fuzzy: this.settings.fuzzy, derivation: this.settings.derivation, openCompounds: this.settings.openCompounds });
    // A concept that is only an action ("open a new…", "show", "add") says how, not what: the
    // action fit (search/intent.ts) weighs it, so as a term it counts less than the objects.
    for (const group of groups) {
      const exact = group.alternatives.find((alternative) => alternative.source === "exact");
      if (exact !== undefined && exact.stems.every(isActionStem)) group.weight = (group.weight ?? 1) * ACTION_GROUP_WEIGHT;
    }
    // Words only the scene-setting sentences say count less than the asking ones' (search/sentence-roles.ts).
    const scene = this.settings.sentenceRoles ? sceneOnlyStems(query) : undefined;
    if (scene !== undefined) {
      for (const group of groups) {
        const exact = group.alternatives.find((alternative) => alternative.source === "exact");
        if (exact !== undefined && exact.stems.every((stem) => scene.has(stem))) group.weight = (group.weight ?? 1) * SCENE_WEIGHT;
      }
    }
    // Help asked of the assistant says how the user asks, not what; neither it nor "right now"
    // names a tool, so their matches in a name count as collisions (search/function-roles.ts).
    const roles = functionRoles(query);
    for (const group of groups) {
      const exact = group.alternatives.find((alternative) => alternative.source === "exact");
      if (exact === undefined) continue;
      const requestForm = exact.stems.every((stem) => roles.requestForm.has(stem));
      if (requestForm) group.weight = (group.weight ?? 1) * REQUEST_FORM_WEIGHT;
      if (requestForm || exact.stems.every((stem) => roles.timeFiller.has(stem))) group.functionRole = true;
    }
    return groups;
  }

  /**
   * Every matching tool, best first, optionally within one toolset (results built lazily); a
   * near-duplicate group appears once, at its best member, with the others as its variants. A
   * request naming several actions has each action's best tools near the top (search/multi-step.ts).
   */
  rank(request: string, toolset?: string, terms: TermIndex = this.index): RankedTool<T>[] {
    const query = readablePart(request);
    const whole = this.rankOne(query, toolset, terms);
    const intents = this.settings.multiStep ? requestIntents(query) : [];
    if (intents.length === 0) return whole;
    const keysOf = (entry: RankedTool<T>) => [entry.tool.name, ...(entry.variants ?? [])];
    return interleaveIntents(whole, intents.map((intent) => this.rankOne(intent, toolset, terms)), keysOf);
  }

  private rankOne(query: string, toolset: string | undefined, terms: TermIndex): RankedTool<T>[] {
    const groups = this.explain(query, terms);
    const allow = toolset === undefined ? undefined : (doc: number) => this.tools[doc]!.toolset === toolset;
    const named = this.mentionedToolsets(groups);
    const mentioned = named.size === 0 ? undefined : (doc: number) => named.has(this.tools[doc]!.toolset);
    const implied = groups.flatMap((group) => group.alternatives.filter((alternative) => alternative.source === "related").flatMap((alternative) => alternative.stems));
    const requested = requestActions(query, implied);
    const fits = requested.size === 0 ? undefined : this.actionSets.map((actions) => actionFit(requested, actions));
    const fit = fits === undefined ? undefined : (doc: number) => fits[this.actionSetOf[doc]!]!;
    const weights = this.settings.rerankWeights;
    const components = weights === undefined ? undefined : new RankComponents(terms.size);
    const ranked = rankDocuments(groups, terms, { allow, mentioned, actionFit: fit, components });
    const pairShares = this.settings.wordPairs ? this.index.wordPairs.reorder(query, ranked) : new Map<number, number>();
    if (this.settings.enumFit) this.index.enumValues.reorder(query, ranked, (key) => this.valueRarity(key, terms));
    this.temporalFit?.reorder(query, ranked);
    this.statedArguments?.reorder(query, ranked);
    this.statedCounts?.reorder(query, ranked);
    if (this.settings.distinctWords) preferDistinctWords(ranked, requestContentStems(groups), { wordsOf: (doc) => this.wordsOf(doc), idf: (stem) => terms.idf(stem) });
    if (weights !== undefined && components !== undefined) this.secondStage(query, ranked, { components, wordPairs: pairShares, index: terms, nearDuplicates: (doc) => this.nearDuplicatesOf(doc) }, weights);
    const groupOf = this.groupOf;
    const entries = groupOf === undefined ? ranked.map((hit) => ({ hit, variants: [] })) : collapseNearDuplicates(ranked, (hit) => groupOf[hit.doc]!);
    return entries.map(({ hit, variants }) => ({
      tool: this.tools[hit.doc]!,
      score: Math.round(hit.score * 1000) / 1000,
      mask: hit.mask,
      variants: variants.map((variant) => this.tools[variant.doc]!.name),
    }));
  }

  // The learned second stage over the head of the first stage's order (search/rerank.ts).
  private secondStage(query: string, ranked: RankedDocument[], sources: FeatureSources, weights: Float64Array): void {
    if (ranked.length < 2) return;
    const features = headFeatures(ranked, sources);
    this.settings.observeHead?.(query, features.map((vector, position) => ({ name: this.tools[ranked[position]!.doc]!.name, features: namedFeatures(vector) })));
    rerankHead(ranked, features, weights);
  }

  // How telling an enumerated value's words are among the tools' texts (0–1): its rarest word's
  // IDF over the IDF a word no tool holds would have.
  private valueRarity(value: string, terms: TermIndex): number {
    const most = inverseDocumentFrequency(terms.size, 0);
    return Math.max(0, ...analyse(value).map(({ stem }) => terms.idf(stem))) / most;
  }

  // A tool's word stems as the sibling tie-break compares them: its whole name (toolset prefix
  // too: siblings share it), title and description. The index has the stems but the prefix's; only
  // the name is analysed here.
  private wordsOf(doc: number): Set<string> {
    let words = this.wordSets.get(doc);
    if (words === undefined) {
      words = new Set(this.index.describingStems[doc]);
      for (const { stem } of analyse(this.tools[doc]!.name.replace(/[-_.]+/g, " "))) words.add(stem);
      this.wordSets.set(doc, words);
    }
    return words;
  }

  private nearDuplicatesOf(doc: number): number {
    const group = this.groupOf?.[doc] ?? -1;
    return group < 0 ? 0 : (this.groupSizes.get(group) ?? 1) - 1;
  }
}

// The stems of the request's content words as written: not values, not function-role words.
function requestContentStems(groups: readonly QueryGroup[]): Set<string> {
  const stems = new Set<string>();
  for (const group of groups) {
    if (group.argument === true || group.functionRole === true) continue;
    for (const alternative of group.alternatives) if (alternative.source === "exact") for (const stem of alternative.stems) stems.add(stem);
  }
  return stems;
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
