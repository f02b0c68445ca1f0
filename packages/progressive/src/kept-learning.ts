// What an aggregating surface has learned and keeps (aggregate-surface.ts): the pairs a keeper
// holds (foya: client-manager's LearnedRequestsFile, shared by every serve of one home), taught
// to each catalog the surface builds, and followed while it runs.
//
// Following: at most every `followMs` a catalog access asks the keeper whether its pairs changed
// (`loadIfChanged`: one stat when nothing did). When they did, the kept list becomes the keeper's,
// and the catalog is brought in line: a tool that lost a pair forgets all of its own and learns
// what is left, and every kept pair is learned again in the keeper's order. Learning a pair the
// catalog has only moves it to its tool's newest place (no index rebuild), so only pairs really
// gained or forgotten cost a rebuild. This surface's own pairs reach the keeper before they count
// as kept (`add` runs as the catalog learns them; a keeper whose write failed still lists them),
// so a look never forgets a pair this surface just learned and learns it again later.
import { CatalogError, DEFAULT_LEARNED_TOTAL, sameLearnedRequest, type CallContext, type LearnedRequest, type ToolCatalog } from "@foundry-mcp/tool-catalog";

/**
 * Where an aggregating surface keeps what its client's searches taught, across restarts and
 * between processes (foya: client-manager's LearnedRequestsFile in its home folder). No method may throw.
 */
export interface LearnedRequestKeeper {
  /** The pairs kept, oldest first. */
  load(): LearnedRequest[];
  /** Keeps more pairs (written before the call that taught them answers). */
  add(pairs: readonly LearnedRequest[]): void;
  /**
   * The pairs kept when they changed since the last load (another process added or forgot some),
   * else undefined; cheap when nothing changed. Without it, the pairs are loaded once.
   */
  loadIfChanged?(): LearnedRequest[] | undefined;
}

/** How often a surface looks whether its keeper's pairs changed, unless told (the catalog's default refresh). */
export const DEFAULT_FOLLOW_MS = 10_000;
/** The longest `followMs` (an hour, the catalog's longest refresh). */
export const MOST_FOLLOW_MS = 3_600_000;

// Pairs one surface holds to teach each catalog it builds: as many as the catalog keeps.
const MAX_TAUGHT = DEFAULT_LEARNED_TOTAL;

// The catalog's own sameness (tool-catalog's sameLearnedRequest): a request's case and spacing do not count.
const keyOf = (pair: LearnedRequest): string => `${pair.tool}\n${sameLearnedRequest(pair.request)}`;

/** Teaches `catalog` the pairs of tools it has, in order; a pair it refuses (empty, too long) is left out. */
function teach<C extends CallContext>(catalog: ToolCatalog<C>, pairs: readonly LearnedRequest[]): void {
  for (const { request, tool } of pairs) {
    if (catalog.get(tool) === undefined) continue;
    try {
      catalog.learn(request, tool);
    } catch (error) {
      if (!CatalogError.isInstance(error)) throw error;
    }
  }
}

/** One surface's kept pairs: loaded at start, added to as its client teaches, following the keeper. */
export class KeptLearning {
  private kept: LearnedRequest[];
  private lookedAt: number;

  /**
   * @param keeper where the pairs are kept (none: only while the surface runs)
   * @param followMs how often (ms) a catalog access may look whether the keeper's pairs changed; 0 at every access
   * @param now the clock (ms, monotonic), for tests
   */
  constructor(
    private readonly keeper: LearnedRequestKeeper | undefined,
    private readonly followMs: number = DEFAULT_FOLLOW_MS,
    private readonly now: () => number = () => performance.now(),
  ) {
    this.kept = (keeper?.load() ?? []).slice(-MAX_TAUGHT);
    this.lookedAt = now();
  }

  /** Teaches a freshly built catalog every kept pair of the tools it has. */
  teach<C extends CallContext>(catalog: ToolCatalog<C>): void {
    teach(catalog, this.kept);
  }

  /** A pair the surface's client taught (the catalog learned it already): kept here and by the keeper. */
  learned(pair: LearnedRequest): void {
    this.kept.push(pair);
    if (this.kept.length > MAX_TAUGHT) this.kept.shift();
    this.keeper?.add([pair]);
  }

  /** When `followMs` passed since the last look and the keeper's pairs changed, brings `catalog` (if built) in line with them. */
  follow<C extends CallContext>(catalog: ToolCatalog<C> | undefined): void {
    if (this.keeper?.loadIfChanged === undefined) return;
    const now = this.now();
    if (now - this.lookedAt < this.followMs) return;
    this.lookedAt = now;
    const changed = this.keeper.loadIfChanged();
    if (changed === undefined) return;
    const next = changed.slice(-MAX_TAUGHT);
    const nextKeys = new Set(next.map(keyOf));
    const losing = new Set(this.kept.filter((pair) => !nextKeys.has(keyOf(pair))).map((pair) => pair.tool));
    this.kept = next;
    if (catalog === undefined) return;
    for (const tool of losing) catalog.forgetLearned(tool);
    teach(catalog, next);
  }
}
