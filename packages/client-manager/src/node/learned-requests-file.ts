// What a host's searches taught (a request and the tool it was for, tool-catalog's learned
// requests), kept in its home folder beside mcp.json so `foya serve --progressive` starts with
// them: `learned-requests.json`, 0600 in a 0700 folder, written atomically under the home's lock
// (./config-lock), so parallel serve processes never lose each other's pairs. Bounded: the newest
// `maxEntries` pairs are kept; a pair learned again (spacing and case do not count, the catalog's
// own rule: core's sameLearnedRequest) moves to the newest place. A request is kept as the catalog
// learns it, less what looks like a secret or an identifier (core's learnableRequest): pairs an
// earlier version wrote are read so, and written so at the next write.
//
// Several processes share one file: each serve adds the pairs its client taught, and
// `foya learned forget` removes some. A running serve follows the file with `loadIfChanged()`,
// which stats it (inode, size, modification time in ns: every write renames a new file into place)
// and reads it only when that changed. A pair whose write failed (lock held too long, disk full)
// is not dropped: it stays in `unwritten`, is written at the next add or look, and a load counts
// it as kept, so the serve that learned it neither loses it nor forgets it meanwhile. A forget
// run meanwhile cannot remove it from the file, so it is recorded there too (./learned-forgets:
// what went, and a generation number that only grows): a held pair that a forget newer than the
// generation its holder had read names is dropped at the next write or load, never written.
//
// The file: { "learned": [{ tool, request }, …oldest first], "forgets": [{ generation, all | tool | toolPrefix }, …the newest 100] }.
// "forgets" is there once a forget ran; a file without it (also one written before forgets were
// recorded) loads as one with no forget recorded.
import fs from "node:fs";
import path from "node:path";
import { isJsonObject, learnableRequest, messageOf, sameLearnedRequest } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { withFileLock } from "./config-lock";
import { readJsonFile, writePrivateJson } from "./files";
import { checkedSelection, forgetsOf, generationOf, MAX_FORGET_RECORDS, pairOutlivesForgets, selectionPicks, type LearnedForget, type LearnedPair, type LearnedSelection } from "./learned-forgets";

/** Options of {@link LearnedRequestsFile}. */
export interface LearnedRequestsFileOptions {
  /** Pairs kept, the newest (default 20,000, the catalog's own bound). */
  maxEntries?: number;
  /** Told when the file cannot be read or written; the host goes on without it (default: a process warning). */
  onWarning?: (message: string) => void;
  /** Give up waiting for the home's lock after this long (default the lock's 10 s). */
  lockTimeoutMs?: number;
}

/** The newest pairs a file keeps unless told otherwise. */
export const DEFAULT_LEARNED_ENTRIES = 20_000;
// The longest request tool-catalog learns; longer entries in the file are dropped on load.
const MAX_REQUEST_LENGTH = 2000;

// What the file holds, as read.
interface FileContent {
  learned: LearnedPair[];
  forgets: LearnedForget[];
}

// A pair whose write failed, and the newest forget generation it was checked against (read by then).
interface HeldPair {
  pair: LearnedPair;
  since: number;
}

const keyOf = (pair: LearnedPair): string => `${pair.tool}\n${sameLearnedRequest(pair.request)}`;
// A pair as kept: its request less what looks like a secret or an identifier (core's
// learnableRequest, the catalog's own rule), or undefined when it is malformed, too long or left empty.
function keptPair(value: unknown): LearnedPair | undefined {
  if (!isJsonObject(value) || typeof value.tool !== "string" || typeof value.request !== "string") return undefined;
  const request = learnableRequest(value.request);
  return request === "" || request.length > MAX_REQUEST_LENGTH ? undefined : { tool: value.tool, request };
}

/** `items` in order with each pair once, at its last place, the newest `most` kept. */
function newestDistinct<T>(items: readonly T[], pairOf: (item: T) => LearnedPair, most: number): T[] {
  const byKey = new Map<string, T>();
  for (const item of items) {
    const key = keyOf(pairOf(item));
    byKey.delete(key);
    byKey.set(key, item);
  }
  return [...byKey.values()].slice(-most);
}

const itself = (pair: LearnedPair): LearnedPair => pair;
const heldPair = (held: HeldPair): LearnedPair => held.pair;

/**
 * A home folder's learned pairs. `load`, `loadIfChanged` and `add` never throw: a cache that
 * cannot be read is an empty one (reported through `onWarning`), and a pair that cannot be written
 * is kept in memory and tried again. `loadOrThrow` and `forget` (a person's command) do throw.
 *
 * @example
 * const file = new LearnedRequestsFile(home);
 * file.add([{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]);
 * file.load(); // [{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]
 * file.forget({ toolPrefix: hostToolPrefix("ev") }); // 1
 */
export class LearnedRequestsFile {
  readonly path: string;
  private readonly lockPath: string;
  private readonly maxEntries: number;
  private readonly onWarning: (message: string) => void;
  private readonly lockTimeoutMs: number | undefined;
  // Pairs added here whose write failed, oldest first; written with the next add or look.
  private unwritten: HeldPair[] = [];
  private failing = false;
  // The newest forget generation in the file when this object last read it (0: none, or never read).
  private readGeneration = 0;
  // The file's stat signature when it was last read (undefined: never read).
  private seen: string | undefined;

  constructor(home: string, options: LearnedRequestsFileOptions = {}) {
    this.path = path.join(path.resolve(home), "learned-requests.json");
    this.lockPath = path.join(path.resolve(home), "mcp.lock");
    const maxEntries = options.maxEntries ?? DEFAULT_LEARNED_ENTRIES;
    if (!Number.isInteger(maxEntries) || maxEntries < 1) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_INVALID, `maxEntries must be a whole number of 1 or more; got ${String(maxEntries)}`);
    }
    this.maxEntries = maxEntries;
    this.onWarning = options.onWarning ?? ((message) => process.emitWarning(message, { code: "LEARNED_REQUESTS" }));
    this.lockTimeoutMs = options.lockTimeoutMs;
  }

  /**
   * The pairs, oldest first (malformed entries left out; none when the file is absent or
   * unreadable), with those not yet written that no forget since named.
   */
  load(): LearnedPair[] {
    this.seen = this.signature();
    const { learned, forgets } = this.readOrWarn();
    this.dropForgotten(forgets);
    return this.unwritten.length === 0 ? learned : newestDistinct([...learned, ...this.unwritten.map(heldPair)], itself, this.maxEntries);
  }

  /**
   * What `load` gives, but only when the file changed since this object last read it (another
   * process added or forgot pairs); undefined when it did not. Costs one stat when nothing
   * changed. Pairs whose write failed are tried again first.
   */
  loadIfChanged(): LearnedPair[] | undefined {
    if (this.unwritten.length > 0) this.write([]);
    return this.signature() === this.seen ? undefined : this.load();
  }

  /** The pairs in the file, oldest first; throws CONFIG_READ_FAILED when it cannot be read (what a person's command wants). */
  loadOrThrow(): LearnedPair[] {
    return this.readFile().learned;
  }

  /** Adds pairs after the file's own (under the home's lock), keeping the newest `maxEntries`. */
  add(pairs: readonly LearnedPair[]): void {
    const kept = pairs.flatMap((pair) => keptPair(pair) ?? []);
    if (kept.length > 0) this.write(kept);
  }

  /**
   * Removes the pairs `selection` picks (under the home's lock), records the forget in the file
   * with the next generation, and says how many went. The record is written even when none went:
   * another process may hold such a pair unwritten, and it tells that process to drop it. Pairs
   * this object holds unwritten are dropped too. Throws CONFIG_INVALID for a selection that names
   * nothing, and when the file cannot be read or written, or the lock is held.
   *
   * @example file.forget({ tool: "mcp__ev__get-sum" }); file.forget({ toolPrefix: "mcp__ev__" }); file.forget({ all: true });
   */
  forget(selection: LearnedSelection): number {
    const forgotten = checkedSelection(selection);
    this.unwritten = this.unwritten.filter(({ pair }) => !selectionPicks(forgotten, pair));
    return withFileLock(
      this.lockPath,
      () => {
        const { learned, forgets } = this.readFile();
        const kept = learned.filter((pair) => !selectionPicks(forgotten, pair));
        const generation = generationOf(forgets) + 1;
        writePrivateJson(this.path, { learned: kept, forgets: [...forgets, { ...forgotten, generation }].slice(-MAX_FORGET_RECORDS) });
        return learned.length - kept.length;
      },
      this.lockOptions(),
    );
  }

  // Writes the unwritten pairs no forget named since and `pairs` after the file's own; on failure keeps them for the next try.
  private write(pairs: readonly LearnedPair[]): void {
    try {
      withFileLock(
        this.lockPath,
        () => {
          // A broken file is replaced (it was read as empty, with a warning), as a cache is.
          const { learned, forgets } = this.readOrWarn();
          this.dropForgotten(forgets);
          const adding = [...this.unwritten.map(heldPair), ...pairs];
          // A file no forget ever touched keeps the shape it had before forgets were recorded.
          const records = forgets.length === 0 ? {} : { forgets };
          if (adding.length > 0) writePrivateJson(this.path, { learned: newestDistinct([...learned, ...adding], itself, this.maxEntries), ...records });
        },
        this.lockOptions(),
      );
      this.unwritten = [];
      this.failing = false;
    } catch (error) {
      // Pairs added now are held as of the newest generation read: they were learned after
      // whatever the file said then, as they would have been written had the write gone through.
      const held = [...this.unwritten, ...pairs.map((pair) => ({ pair, since: this.readGeneration }))];
      this.unwritten = newestDistinct(held, heldPair, this.maxEntries);
      // Said once per run of failures, not at every retry.
      if (!this.failing) this.onWarning(`${held.length} learned request${held.length === 1 ? "" : "s"} not yet kept in ${this.path} (tried again later): ${messageOf(error)}`);
      this.failing = true;
    }
  }

  // Drops the unwritten pairs a forget since named (or may have: ./learned-forgets); the rest are now checked up to the file's newest forget.
  private dropForgotten(forgets: readonly LearnedForget[]): void {
    if (this.unwritten.length === 0) return;
    const newest = generationOf(forgets);
    this.unwritten = this.unwritten.filter(({ pair, since }) => pairOutlivesForgets(pair, since, forgets)).map(({ pair }) => ({ pair, since: newest }));
  }

  // The file's content, or none (with a warning) when it cannot be read.
  private readOrWarn(): FileContent {
    try {
      return this.readFile();
    } catch (error) {
      this.onWarning(`${this.path} is left unread: ${messageOf(error)}`);
      return { learned: [], forgets: [] };
    }
  }

  private readFile(): FileContent {
    const value = readJsonFile(this.path);
    const learned = value === undefined ? [] : isJsonObject(value) ? value.learned : undefined;
    if (!Array.isArray(learned)) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, `${this.path} has no "learned" list; fix or remove it`);
    }
    const forgets = forgetsOf(isJsonObject(value) ? value.forgets : undefined);
    this.readGeneration = generationOf(forgets);
    return { learned: learned.flatMap((entry: unknown) => keptPair(entry) ?? []), forgets };
  }

  // Changes whenever the file is replaced (each write renames a new file into place) or removed.
  private signature(): string {
    try {
      const stat = fs.statSync(this.path, { bigint: true });
      return `${stat.ino}:${stat.size}:${stat.mtimeNs}:${stat.ctimeNs}`;
    } catch (error) {
      return `missing:${(error as NodeJS.ErrnoException).code ?? "?"}`;
    }
  }

  private lockOptions(): { timeoutMs?: number } {
    return this.lockTimeoutMs === undefined ? {} : { timeoutMs: this.lockTimeoutMs };
  }
}
