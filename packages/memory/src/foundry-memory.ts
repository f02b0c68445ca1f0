// FoundryMemory: the public face of the package. It wires the driver (storage), the write
// rules (validate-input, restatement), the search (incremental-index, rank), INDEX.md
// (build-index), runbooks, events and token figures for one project root. Every call asks the
// driver what storage holds now; the active facts and everything derived from them (search
// index, INDEX.md order, title keys) are updated from the driver's delta, or rebuilt when the
// driver gives none.

import { estimateTokens } from "@foundry-mcp/tokens";
import { currentMemoryConfig } from "./config";
import type { MemoryConfig } from "./config";
import type {
  FactProblem,
  FactSnapshot,
  FactStoreDriver,
  StoredFactRecord,
} from "./drivers/driver";
import { MarkdownFactStore } from "./drivers/markdown-files";
import { withFolderWatch } from "./folder-watch/folder-watch";
import type { WatchedFactStore } from "./folder-watch/folder-watch";
import { withSavedIndex } from "./saved-index/saved-index";
import type { SavedIndex } from "./saved-index/saved-index";
import { invalidInput } from "./errors";
import { FILE_BOUNDS, readBoundedText } from "./fs/bounded-read";
import { appendEvent, countEvents, ensureMergeSafeIgnores, ensureMetricsIgnored, totalEvents } from "./events";
import type { EventTotals } from "./events";
import { ActiveFacts } from "./facts/active-facts";
import type { MergeResolution } from "./facts/merge-resolution";
import { chooseLayout } from "./layout/memory-layout";
import type { LayoutChoice } from "./layout/memory-layout";
import { utcDay, validateFactInput } from "./facts/validate-input";
import { writeFileAtomic } from "@foundry-mcp/core/node";
import { foundryPaths } from "./paths";
import type { FoundryPaths } from "./paths";
import { buildIndexFromOrder } from "./report/build-index";
import type { BuiltIndex } from "./report/build-index";
import {
  formatFactBlock,
  formatNoHit,
  formatProblems,
  formatRebuildReport,
  formatRunbookList,
  formatWriteIndexLine,
} from "./report/format-text";
import type { MemoryTokenFigures, RunbookSummary } from "./report/format-text";
import { getRunbook, listRunbooks } from "./runbooks";
import type { Runbook } from "./runbooks";
import { currentRecallIndex, statKeyOf } from "./recall/fast-recall";
import type { StatKey } from "./recall/recall-index-file";
import { saveRecallIndex } from "./recall/save-recall-index";
import { primeLiftFeatures } from "./search/lift-memo";
import { rankFacts } from "./search/rank";
import type { SearchIndex } from "./search/search-index";
import { SemanticOption } from "./search/semantic/semantic-facts";
import type { SemanticStatus } from "@foundry-mcp/text-analysis";
import { FACT_TYPES } from "./types";
import type { Fact, FactInput, FactType, SearchHit } from "./types";

/** Options of {@link FoundryMemory}. */
export interface FoundryMemoryOptions {
  /** Project root; files live under `<root>/.foundry/`. */
  root: string;
  /** Fact storage; default the markdown files under `.foundry/memory/facts/`. */
  driver?: FactStoreDriver;
  /** The clock (expiry, `created`, event times); tests pass a fixed one. */
  now?: () => Date;
}

/** What `search` returns: ranked hits, the active count and the SPEC text. */
export interface SearchResult {
  hits: SearchHit[];
  activeFacts: number;
  text: string;
  /** How `memorySearch.semantic` ranked this answer; absent when the option is off. */
  semantic?: SemanticStatus;
}

/**
 * What `write` returns. `id` is the new fact, or for a duplicate the fact that holds it; `id`
 * and `supersedes` are whole ids, `text` shows the short forms a model reads (layout/short-ids.ts).
 */
export interface WriteResult {
  outcome: "created" | "duplicate";
  id: string;
  supersedes?: string;
  text: string;
}

/** What `rebuildIndex` returns. */
export interface RebuildResult {
  path: string;
  listed: number;
  active: number;
  tokens: number;
  omitted: number;
  text: string;
}

interface MemoryState {
  snapshot: FactSnapshot;
  facts: ActiveFacts;
}

const sourceTokens = new WeakMap<StoredFactRecord | FactProblem, number>();

/**
 * The ids of `records`, read one at a time: the layout is decided by the first sequential id, so
 * a write (which asks twice) no longer maps every record, 10,000 objects at 10,000 facts, only to
 * read the first and leave the search after it a cache of them.
 */
function* idsOf(records: readonly StoredFactRecord[]): Generator<string> {
  for (const record of records) yield record.fact.id;
}

/**
 * Project memory for one root: search, write, index, runbooks, events and token figures.
 *
 * @example
 * const memory = new FoundryMemory({ root: process.cwd() });
 * await memory.write({ title: "Money is integer cents", body: "…", type: "constraint" });
 * (await memory.search({ query: "currency amounts" })).text;
 */
export class FoundryMemory {
  /** Absolute paths of every file this instance uses. */
  readonly paths: FoundryPaths;
  private readonly driver: FactStoreDriver;
  /** The directory watch composed around a markdown driver (folder-watch/), when it keeps entries. */
  private readonly watched: WatchedFactStore | undefined;
  /** The saved index composed around a markdown driver (saved-index/), when it allows one. */
  private readonly savedIndex: SavedIndex | undefined;
  private readonly now: () => Date;
  private state: MemoryState | undefined;
  private readonly semanticOption: SemanticOption;
  /** The facts folder's stat key taken just before the load `state` reflects, and when. */
  private loadedFolder: { key: StatKey; checkedAt: number } | undefined;

  constructor(options: FoundryMemoryOptions) {
    this.paths = foundryPaths(options.root);
    this.semanticOption = new SemanticOption(this.paths.cache);
    // withSavedIndex(withFolderWatch(store)): the watch decides what each load re-reads; the
    // saved index attaches at the store's entry-cache seam (its restore runs inside the store's
    // first load, beside the worker listing) and is handed the entries after every load.
    const store = options.driver ?? new MarkdownFactStore({ root: this.paths.root });
    this.watched = withFolderWatch(store);
    this.driver = this.watched ?? store;
    this.now = options.now ?? (() => new Date());
    this.savedIndex = withSavedIndex(this.driver);
    this.savedIndex?.trackSearchIndex(() => this.state?.facts.builtSearchIndex());
  }

  /** The validated `.foundry/config.json` (defaults when absent). */
  async config(): Promise<MemoryConfig> {
    return currentMemoryConfig(this.paths.config);
  }

  /** Storage as it is now: applies the driver's delta when it starts from what we hold. */
  private async refresh(): Promise<MemoryState> {
    // Taken before the load, so a change during it leaves the key old (saveRecallIndex then declines).
    const folder = statKeyOf(this.paths.facts);
    const checkedAt = this.now().getTime();
    const snapshot = await this.driver.load();
    this.loadedFolder = folder && { key: folder, checkedAt };
    const day = utcDay(this.now());
    const state = this.state;
    if (state && state.snapshot !== snapshot) {
      const delta = snapshot.delta;
      if (delta && state.snapshot.version !== undefined && delta.fromVersion === state.snapshot.version) {
        state.facts.apply(
          delta.removed.map((record) => record.fact),
          delta.added.map((record) => record.fact),
        );
        state.snapshot = snapshot;
      } else this.state = undefined;
    }
    this.state ??= { snapshot, facts: new ActiveFacts(snapshot.records.map((record) => record.fact), day, this.savedIndex?.takeSearchIndex()) };
    this.state.facts.setDay(day);
    return this.state;
  }

  /**
   * Lets a cold start's background work begin now (with a saved index: the composed
   * directory watch and, for a big saved index, the folder's listing on a worker thread), so the
   * first call finds it done. A server calls this as it starts; resolves when that work is ready,
   * never rejects, and is never needed for correctness.
   */
  warmUp(): Promise<void> {
    return this.watched?.warmUp() ?? Promise.resolve();
  }

  /**
   * Stops the store's directory watch, if it has one, and writes a saved index that was due
   * (the next cold start reads it); the instance keeps working by scanning, and saves its index
   * no more. Resolves once that write has settled, so nothing is written into `.foundry/` after
   * (await it before removing the folder). Safe to call again; never rejects.
   * @example
   * await memory.close();
   * rmSync(root, { recursive: true });
   */
  async close(): Promise<void> {
    const saving = this.savedIndex?.close();
    this.driver.close?.();
    await saving;
  }

  /** Ranked keyword search over active facts (SPEC §2 memory_search). */
  async search(input: {
    query: string;
    type?: FactType | string;
    limit?: number;
  }): Promise<SearchResult> {
    const query = typeof input?.query === "string" ? input.query.trim() : "";
    if (query.length === 0 || query.length > 1000)
      throw invalidInput(
        "query must be 1–1000 characters of keywords describing what you need to know.",
      );
    if (input.type !== undefined && !(FACT_TYPES as readonly string[]).includes(input.type)) {
      throw invalidInput(
        `type "${String(input.type)}" is not one of ${FACT_TYPES.join(" | ")}; omit it to search every type.`,
      );
    }
    const config = await this.config();
    let limit = input.limit;
    if (limit === undefined) limit = config.maxFacts;
    else if (!Number.isInteger(limit) || limit < 1 || limit > 25)
      throw invalidInput(`limit is ${String(limit)}; it must be an integer from 1 to 25.`);
    let { facts } = await this.refresh();
    const options = input.type ? { limit, type: input.type as FactType } : { limit };
    const semantic = this.semanticOption.for(config.semantic);
    const rank = async (index: SearchIndex) => (semantic === undefined ? { ranked: rankFacts(index, query, options), status: undefined } : semantic.rank(index, query, options));
    let { ranked, status } = await rank(facts.searchIndex());
    // A fact restored from the saved index is compared with its file before it is first shown;
    // when one differs the store drops what it restored, and the search runs on what the files say.
    if (this.savedIndex && !this.savedIndex.holdsShown(ranked.map((hit) => hit.fact))) {
      this.state = undefined;
      ({ facts } = await this.refresh());
      ({ ranked, status } = await rank(facts.searchIndex()));
    }
    const ids = facts.shortIds();
    const hits = ranked.map(({ fact, score }) => ({
      fact,
      score,
      text: formatFactBlock(fact, ids.display(fact.id)),
    }));
    const text =
      (hits.length > 0
        ? hits.map((hit) => hit.text).join("\n\n")
        : formatNoHit(query, facts.size)) + (status?.mode === "lexical" ? `\n\n_${status.note}_` : "");
    return { hits, activeFacts: facts.size, text, ...(status === undefined ? {} : { semantic: status }) };
  }

  /**
   * Saves the recall index the prompt-recall hook ranks with alone (`@foundry-mcp/memory/recall`),
   * from storage as it is now; best effort, resolves whether it saved (not while the facts
   * folder or a runbook changed in the last two seconds, nor when it changed during the load).
   * `unlessCurrent` skips it when the saved one is proved current (a session start: building the
   * search index to write the same file again cost ~0.45 s at 10,000 facts).
   */
  async saveRecallIndex(options: { unlessCurrent?: boolean } = {}): Promise<boolean> {
    if (options.unlessCurrent && typeof currentRecallIndex(this.paths, this.now()) !== "string") return false;
    // What this instance loaded last (a hook has just loaded for its answer), else a load now.
    const { facts } = this.state ?? (await this.refresh());
    const ids = facts.shortIds();
    return saveRecallIndex(this.paths, { folder: this.loadedFolder, index: facts.searchIndex(), shownId: (id) => ids.display(id), listRunbooks: () => listRunbooks(this.paths.runbooks) }, this.now().getTime());
  }

  /** Stores one fact with every SPEC §2 rule: bounds, dedupe, supersede, unique id, index rebuild. */
  async write(input: FactInput): Promise<WriteResult> {
    const now = this.now();
    const valid = validateFactInput(input, utcDay(now));
    return this.driver.withWriteLock(async () => {
      const { snapshot, facts } = await this.refresh();
      const ids = facts.shortIds();
      const keys = facts.titleKeys();
      const duplicate = keys.duplicateOf(valid.title, valid.body);
      if (duplicate) {
        return {
          outcome: "duplicate" as const,
          id: duplicate.id,
          text: `duplicate: ${ids.display(duplicate.id)} already holds this title and body; nothing written.`,
        };
      }
      let replaced: Fact | undefined;
      if (valid.supersedes) {
        // A whole id or the short form a search showed (layout/short-ids.ts).
        const target = ids.resolve(valid.supersedes, "supersedes", (id) => facts.stored(id)?.title);
        replaced = facts.get(target);
        if (!replaced) {
          const stored = facts.stored(target);
          const why = stored?.supersededBy
            ? `is already superseded by ${ids.display(stored.supersededBy)}`
            : "is not active (expired or superseded)";
          throw invalidInput(
            `supersedes ${ids.display(target)} ${why}; name an active fact (memory_search shows ids) or leave supersedes out.`,
          );
        }
      } else {
        replaced = keys.restatedBy(valid);
      }
      const similar = replaced ? undefined : keys.similarTo(valid);
      const { layout } = this.chooseLayout(snapshot, await this.config());
      // An id whose six digits no stored id starts with, so this branch's ids all read as six.
      const id = await this.driver.allocateId(layout, (candidate) => ids.startsAnother(candidate));
      const { supersedes: _explicit, ...fields } = valid;
      const fact: Fact = {
        id,
        ...fields,
        created: now.toISOString().replace(/\.\d+Z$/, "Z"),
        ...(replaced ? { supersedes: replaced.id } : {}),
      };
      await this.driver.create(fact);
      // A merge-safe store never rewrites the old file: the new fact's `supersedes` is enough, and
      // two branches superseding one fact would otherwise both edit its file and conflict.
      const marked = replaced && layout === "sequential" ? { ...replaced, supersededBy: id } : undefined;
      if (marked) await this.driver.update(marked);
      // Still under the lock, so no other writer can have changed storage since the load
      // above: the view takes this write as it is, saving a second look at storage.
      facts.apply([], marked ? [fact, marked] : [fact]);
      const { built, problems } = await this.writeIndex({ snapshot, facts });
      // The store's own look at what this write changed (its directory watch names the files
      // just written), taken now instead of by the next search, which then finds nothing to do;
      // and, for the same search, the new fact's lift features (search/lift-memo.ts).
      const index = (await this.refresh()).facts.builtSearchIndex();
      if (index) primeLiftFeatures(index, fact);
      const lines = [
        `created: ${ids.display(id)}${replaced ? ` (supersedes ${ids.display(replaced.id)})` : ""}`,
        formatWriteIndexLine(built),
        similar
          ? `Similar: ${ids.display(similar.id)} "${similar.title}" stays active; if this fact replaces it, write again with supersedes: ${ids.display(similar.id)}.`
          : "",
        formatProblems(problems),
      ];
      return {
        outcome: "created" as const,
        id,
        ...(replaced ? { supersedes: replaced.id } : {}),
        text: lines.filter(Boolean).join("\n"),
      };
    });
  }

  /** Builds INDEX.md from storage now and writes it atomically; call under the write lock. */
  private async writeIndex(
    known?: MemoryState,
  ): Promise<{ built: BuiltIndex; problems: readonly FactProblem[] }> {
    const [{ snapshot, facts }, config] = await Promise.all([known ?? this.refresh(), this.config()]);
    const built = buildIndexFromOrder(facts.indexOrder(), config.budgetTokens);
    if (this.chooseLayout(snapshot, config).layout === "merge-safe")
      await ensureMergeSafeIgnores(this.paths.gitignore, this.now().getTime());
    // INDEX.md is derived from the fact files and rebuilt by every write, so it skips the flush.
    await writeFileAtomic(this.paths.index, built.markdown, { durable: false });
    return { built, problems: snapshot.problems };
  }

  private chooseLayout(snapshot: FactSnapshot, config: MemoryConfig): LayoutChoice {
    return chooseLayout(config.layout, idsOf(snapshot.records), this.paths.root);
  }

  /** The layout new facts are written in, and why (see layout/memory-layout.ts). */
  async layout(): Promise<LayoutChoice> {
    const [{ snapshot }, config] = await Promise.all([this.refresh(), this.config()]);
    return this.chooseLayout(snapshot, config);
  }

  /**
   * Facts that a merge left restating or duplicating another active fact, taken out of the
   * active set by replaying memory_write's rules (their files stay; see merge-resolution.ts).
   */
  async mergeResolutions(): Promise<MergeResolution[]> {
    return (await this.refresh()).facts.mergeResolutions();
  }

  /** Rebuilds INDEX.md (SPEC §2 memory_index). */
  async rebuildIndex(): Promise<RebuildResult> {
    const { built, problems } = await this.driver.withWriteLock(() => this.writeIndex());
    const text = [formatRebuildReport(this.paths.index, built), formatProblems(problems)]
      .filter(Boolean)
      .join("\n");
    return {
      path: this.paths.index,
      listed: built.listed,
      active: built.active,
      tokens: built.tokens,
      omitted: built.omitted,
      text,
    };
  }

  /**
   * The index built from storage now, within the configured budget, without writing INDEX.md
   * or taking the write lock: for readers that must never wait for or block a writer (the
   * plugin's SessionStart hook), and never stale, even when INDEX.md is missing or old.
   */
  async currentIndex(): Promise<BuiltIndex> {
    const [{ facts }, config] = await Promise.all([this.refresh(), this.config()]);
    return buildIndexFromOrder(facts.indexOrder(), config.budgetTokens);
  }

  /**
   * INDEX.md as it stands, built (and written) first if it is missing. In a merge-safe store,
   * where INDEX.md is git-ignored and a merge or pull brings facts without it, it is also
   * rewritten when it differs from what the facts give now.
   */
  async readIndex(): Promise<string> {
    // An INDEX.md that is a link out of `.foundry/`, not a regular file or over 16 MiB is never
    // read: it is rebuilt like a missing one (the rename replaces the link, not its target).
    const current = this.readIndexFile();
    if (current !== undefined && (await this.layout()).layout === "sequential") return current;
    if (current !== undefined && (await this.indexFreshness()).fresh) return current;
    const { built } = await this.driver.withWriteLock(() => this.writeIndex());
    return built.markdown;
  }

  /** INDEX.md's text when it may be read (see readIndex), else undefined. */
  private readIndexFile(): string | undefined {
    const read = readBoundedText(this.paths.index, { boundary: this.paths.foundry, maxBytes: FILE_BOUNDS.index });
    return read.ok ? read.text : undefined;
  }

  /** Whether INDEX.md on disk is what the facts give now (`foundry doctor` checks it). */
  async indexFreshness(): Promise<{ fresh: boolean; path: string }> {
    const [{ facts }, config] = await Promise.all([this.refresh(), this.config()]);
    const built = buildIndexFromOrder(facts.indexOrder(), config.budgetTokens);
    return { fresh: this.readIndexFile() === built.markdown, path: this.paths.index };
  }

  /** The active facts (those search and INDEX.md draw from), in INDEX.md's priority order. */
  async activeFacts(): Promise<Fact[]> {
    return [...(await this.refresh()).facts.indexOrder().ordered];
  }

  /**
   * The whole id of the stored fact `input` names: its id, or the short form memory_search shows
   * (any unique prefix of at least six digits). Throws MemoryError AMBIGUOUS_ID with the
   * candidates, or INVALID_INPUT, each message starting with `field` and the input.
   * @example await memory.resolveId("fact-482139", "id") // "fact-4821390751"
   */
  async resolveId(input: string, field = "id"): Promise<string> {
    const { facts } = await this.refresh();
    return facts.shortIds().resolve(input, field, (id) => facts.stored(id)?.title);
  }

  /** Every stored fact, active or not, in id order (the store's readable files). */
  async storedFacts(): Promise<Fact[]> {
    return (await this.refresh()).snapshot.records.map((record) => record.fact);
  }

  /** Stored entries that could not be read, with the reason; they are skipped everywhere else. */
  async problems(): Promise<readonly FactProblem[]> {
    return (await this.refresh()).snapshot.problems;
  }

  /** Runbooks under `.foundry/runbooks/`, by slug. */
  listRunbooks(): Promise<RunbookSummary[]> {
    return listRunbooks(this.paths.runbooks);
  }

  /** The runbook_list text for `runbooks` (the "No runbooks yet…" sentence when empty). */
  formatRunbookList(runbooks: readonly RunbookSummary[]): string {
    return formatRunbookList(runbooks);
  }

  /** One runbook's full markdown; MemoryError RUNBOOK_NOT_FOUND lists the available slugs. */
  getRunbook(slug: string): Promise<Runbook> {
    return getRunbook(this.paths.runbooks, slug);
  }

  /** Appends one event to `.foundry/metrics/events.jsonl` and keeps metrics/ out of git. */
  async recordEvent(name: string, detail: Record<string, unknown> = {}): Promise<void> {
    const now = this.now();
    await ensureMetricsIgnored(this.paths.gitignore, now.getTime());
    await appendEvent(this.paths.events, name, detail, now);
  }

  /** Events recorded so far, counted by name in order of first appearance. */
  eventCounts(): Promise<Record<string, number>> {
    return countEvents(this.paths.events);
  }

  /** Per event name: how many, and the sums of their `tokens` and `savedTokens` details (hooks record both). */
  eventTotals(): Promise<Record<string, EventTotals>> {
    return totalEvents(this.paths.events);
  }

  /** The memory figures of token_report (see `formatTokenReport`). */
  async tokenFigures(): Promise<MemoryTokenFigures> {
    const indexText = await this.readIndex();
    const [config, { snapshot }] = await Promise.all([this.config(), this.refresh()]);
    let factsTokens = 0;
    // A kept problem is a note on a fact already among the records: counted once, there.
    const skipped = snapshot.problems.filter((problem) => !problem.kept);
    for (const entry of [...snapshot.records, ...skipped]) {
      let tokens = sourceTokens.get(entry);
      if (tokens === undefined)
        sourceTokens.set(entry, (tokens = estimateTokens(entry.source ?? "")));
      factsTokens += tokens;
    }
    return {
      indexTokens: estimateTokens(indexText),
      budgetTokens: config.budgetTokens,
      factsStored: snapshot.records.length + skipped.length,
      factsTokens,
      eagerTokens: factsTokens,
    };
  }
}
