// Learning from the surface's own traffic: a caller searches with some words, then describes,
// reads or runs one of the tools that search showed. That pair is what the catalog's `learn`
// wants (tool-catalog's learned requests, decision 0055): the words this deployment's agents use
// for that tool. Kept per caller (the last few searches of the most recent callers, both bounded),
// each (search, tool) pair learned once. The same pairing measures search in use: the rank the
// chosen tool had in that search goes to the process's metrics (choice-rank.ts), learning on or
// off. Neighbours: surface.ts calls it around each call.
import { CatalogError, CatalogErrorCode, learnableRequest, type CallContext, type LearnedRequest, type SearchPage, type ToolCatalog } from "@foundry-mcp/tool-catalog";
import { observeChoiceRank } from "./choice-rank";

/** How a progressive surface learns from search_tools followed by a call (`learning` of createProgressiveSurface). */
export interface SearchLearning<C extends CallContext> {
  /** The caller a call comes from; a search and a later call pair only within one caller (default: the credential, else the workspace). */
  callerOf?: (context: C) => string;
  /**
   * The tenant a call comes from (tool-catalog's `tenant`): its searches rank with what it taught,
   * and the pairs it teaches rank only its own searches. Default: none (every search learns from
   * every caller; a host serving one user or one organisation).
   */
  tenantOf?: (context: C) => string | undefined;
  /**
   * Told of each pair after the catalog learned it, to keep it (a host's store), with the rank the
   * chosen tool had in its search (`choice`), so a host can keep search quality in use over time.
   * Must not throw: the call it follows has its answer already.
   */
  learned?: (pair: LearnedRequest, context: C, choice: SearchChoice) => void;
}

/** A tool chosen from a search_tools answer: `rank` is its place there, 1 for the first hit of the first page (offset counted). */
export interface SearchChoice {
  rank: number;
}

/** Searches remembered per caller: the newest few, since the tool an agent settles on comes soon after its search. */
export const SEARCHES_PER_CALLER = 4;
/** Callers remembered at once; past it the one heard from least recently is forgotten. */
export const MAX_CALLERS = 1000;

// One search: its request, the tools its page showed (names and variants) with their rank in the
// whole ranking (1 for the first hit of the first page), the ones chosen from it.
interface ShownSearch {
  request: string;
  shown: Map<string, number>;
  chosen: Set<string>;
  /** The tenant the search ranked for (tenantOf): a call pairs with it only from the same tenant. */
  tenant: string | undefined;
}

const defaultCaller = (context: CallContext): string => (context.credentialId === undefined ? `workspace:${context.workspace}` : `credential:${context.credentialId}`);

/**
 * The recent searches of recent callers, and what follows when a call names a tool one of them
 * showed: its rank is measured, and with a learning option the catalog learns the pair.
 */
export class SearchLearner<C extends CallContext> {
  private readonly callers = new Map<string, ShownSearch[]>();
  private readonly callerOf: (context: C) => string;

  /** `options` undefined: measure choices only, learn nothing. */
  constructor(private readonly options: SearchLearning<C> | undefined) {
    this.callerOf = options?.callerOf ?? defaultCaller;
  }

  /** Remembers a search_tools answer (an empty query browses: nothing to learn). */
  searched(request: string, page: SearchPage, context: C): void {
    const text = request.trim();
    if (text === "") return;
    if (page.results.length === 0) return;
    const shown = new Map<string, number>();
    page.results.forEach((result, index) => {
      const rank = page.paging.offset + index + 1;
      for (const name of [result.name, ...(result.variants ?? [])]) if (!shown.has(name)) shown.set(name, rank);
    });
    const searches = this.touch(this.callerOf(context));
    searches.push({ request: text, shown, chosen: new Set(), tenant: this.tenantOf(context) });
    if (searches.length > SEARCHES_PER_CALLER) searches.shift();
  }

  /**
   * The caller named `tool` (describe_tool, read_tool, run_tool or an advertised tool, admitted):
   * the newest of its searches that showed the tool and has not had it chosen yet gives the
   * tool's rank to the metrics and, when learning, teaches the catalog its request.
   */
  chose(catalog: ToolCatalog<C>, tool: string, context: C): void {
    const searches = this.callers.get(this.callerOf(context));
    // A caller that spans tenants (a host's callerOf wider than its tenantOf) pairs a call only with
    // a search made in the call's tenant: one tenant's words are never learned for another.
    const tenant = this.tenantOf(context);
    const search = searches?.findLast((candidate) => candidate.shown.has(tool) && !candidate.chosen.has(tool) && candidate.tenant === tenant);
    if (search === undefined) return;
    search.chosen.add(tool);
    const rank = search.shown.get(tool)!;
    observeChoiceRank(rank);
    if (this.options === undefined) return;
    // The text the catalog learns, and the host keeps: what looks like a secret or an identifier taken out.
    const request = learnableRequest(search.request);
    try {
      catalog.learn(request, tool, tenant);
    } catch (error) {
      // A request over the catalog's length bound, or with no words left to learn, is searched but not learned.
      if (CatalogError.isInstance(error) && error.code === CatalogErrorCode.INVALID_LEARNED_REQUEST) return;
      throw error;
    }
    this.options.learned?.({ request, tool }, context, { rank });
  }

  /** The tenant whose ranking a call's searches read and its pairs teach (undefined: every search's). */
  tenantOf(context: C): string | undefined {
    return this.options?.tenantOf?.(context);
  }

  // The caller's searches, the caller moved to the newest place (the oldest dropped past MAX_CALLERS).
  private touch(caller: string): ShownSearch[] {
    const searches = this.callers.get(caller) ?? [];
    this.callers.delete(caller);
    this.callers.set(caller, searches);
    if (this.callers.size > MAX_CALLERS) this.callers.delete(this.callers.keys().next().value as string);
    return searches;
  }
}

// One learner per learning option object: surfaces given the same one (the gateway makes one
// surface per pinned toolset list) share one bounded memory of searches, and a search through one
// pairs with a call through another. Surfaces with no learning option share a measuring learner
// per catalog (the catalog object, or the function giving it), so a host making many surfaces over
// one catalog keeps one bounded memory, not one per surface.
const LEARNERS = new WeakMap<object, SearchLearner<CallContext>>();
const MEASURING_LEARNERS = new WeakMap<object, SearchLearner<CallContext>>();

/** The learner of `key` in `learners`, made on first use. */
function sharedLearner<C extends CallContext>(learners: WeakMap<object, SearchLearner<CallContext>>, key: object, learning: SearchLearning<C> | undefined): SearchLearner<C> {
  let learner = learners.get(key) as SearchLearner<C> | undefined;
  if (learner === undefined) {
    learner = new SearchLearner<C>(learning);
    learners.set(key, learner as unknown as SearchLearner<CallContext>);
  }
  return learner;
}

/** The learner of a learning option object, made on first use. */
export function learnerFor<C extends CallContext>(learning: SearchLearning<C>): SearchLearner<C> {
  return sharedLearner(LEARNERS, learning, learning);
}

/** The measuring learner (no learning) of a catalog, or of the function giving it, made on first use. */
export function measuringLearnerFor<C extends CallContext>(catalog: object): SearchLearner<C> {
  return sharedLearner<C>(MEASURING_LEARNERS, catalog, undefined);
}
