// What a host's searches taught (a request and the tool it was for, tool-catalog's learned
// requests), kept in its home folder beside mcp.json so `foya serve --progressive` starts with
// them: `learned-requests.json`, 0600 in a 0700 folder, written atomically under the home's lock
// (./config-lock), so parallel serve processes never lose each other's pairs. Bounded: the newest
// `maxEntries` pairs are kept, a pair learned again moves to the newest place.
//
// Several processes share one file: each serve adds the pairs its client taught, and
// `foya learned forget` removes some. A running serve follows the file with `loadIfChanged()`,
// which stats it (inode, size, modification time in ns: every write renames a new file into place)
// and reads it only when that changed. A pair whose write failed (lock held too long, disk full)
// is not dropped: it stays in `unwritten`, is written again at the next add or look, and every
// load counts it as kept, so the serve that learned it neither loses it nor forgets it meanwhile.
import fs from "node:fs";
import path from "node:path";
import { messageOf } from "@foundry-mcp/core";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import { withFileLock } from "./config-lock";
import { readJsonFile, writePrivateJson } from "./files";

/** One learned pair (tool-catalog's `LearnedRequest`). */
export interface LearnedPair {
  tool: string;
  request: string;
}

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

const keyOf = (pair: LearnedPair): string => `${pair.tool}\n${pair.request.toLowerCase()}`;
const isPair = (value: unknown): value is LearnedPair =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as LearnedPair).tool === "string" &&
  typeof (value as LearnedPair).request === "string" &&
  (value as LearnedPair).request.trim() !== "" &&
  (value as LearnedPair).request.length <= MAX_REQUEST_LENGTH;

/** `pairs` in order with each pair once, at its last place, the newest `most` kept. */
function newestDistinct(pairs: readonly LearnedPair[], most: number): LearnedPair[] {
  const byKey = new Map<string, LearnedPair>();
  for (const pair of pairs) {
    const key = keyOf(pair);
    byKey.delete(key);
    byKey.set(key, { tool: pair.tool, request: pair.request });
  }
  return [...byKey.values()].slice(-most);
}

/**
 * A home folder's learned pairs. `load`, `loadIfChanged` and `add` never throw: a cache that
 * cannot be read is an empty one (reported through `onWarning`), and a pair that cannot be written
 * is kept in memory and tried again. `loadOrThrow` and `forget` (a person's command) do throw.
 *
 * @example
 * const file = new LearnedRequestsFile(home);
 * file.add([{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]);
 * file.load(); // [{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]
 * file.forget((pair) => pair.tool.startsWith("mcp__ev__")); // 1
 */
export class LearnedRequestsFile {
  readonly path: string;
  private readonly lockPath: string;
  private readonly maxEntries: number;
  private readonly onWarning: (message: string) => void;
  private readonly lockTimeoutMs: number | undefined;
  // Pairs added here whose write failed, oldest first; written with the next add or look.
  private unwritten: LearnedPair[] = [];
  private failing = false;
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

  /** The pairs, oldest first (malformed entries left out; none when the file is absent or unreadable), with any not yet written. */
  load(): LearnedPair[] {
    this.seen = this.signature();
    const kept = this.readOrWarn();
    return this.unwritten.length === 0 ? kept : newestDistinct([...kept, ...this.unwritten], this.maxEntries);
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
    return this.readFile();
  }

  /** Adds pairs after the file's own (under the home's lock), keeping the newest `maxEntries`. */
  add(pairs: readonly LearnedPair[]): void {
    if (pairs.length > 0) this.write(pairs);
  }

  /**
   * Removes the pairs `forgotten` picks (under the home's lock) and says how many went; pairs not
   * yet written are dropped too. Throws when the file cannot be read or written, or the lock is held.
   */
  forget(forgotten: (pair: LearnedPair) => boolean): number {
    this.unwritten = this.unwritten.filter((pair) => !forgotten(pair));
    return withFileLock(
      this.lockPath,
      () => {
        const pairs = this.readFile();
        const kept = pairs.filter((pair) => !forgotten(pair));
        if (kept.length < pairs.length) writePrivateJson(this.path, { learned: kept });
        return pairs.length - kept.length;
      },
      this.lockOptions(),
    );
  }

  // Writes the unwritten pairs and `pairs` after the file's own; on failure keeps them for the next try.
  private write(pairs: readonly LearnedPair[]): void {
    const adding = [...this.unwritten, ...pairs];
    try {
      // A broken file is replaced (it was read as empty, with a warning), as a cache is.
      withFileLock(this.lockPath, () => writePrivateJson(this.path, { learned: newestDistinct([...this.readOrWarn(), ...adding], this.maxEntries) }), this.lockOptions());
      this.unwritten = [];
      this.failing = false;
    } catch (error) {
      this.unwritten = newestDistinct(adding, this.maxEntries);
      // Said once per run of failures, not at every retry.
      if (!this.failing) this.onWarning(`${adding.length} learned request${adding.length === 1 ? "" : "s"} not yet kept in ${this.path} (tried again later): ${messageOf(error)}`);
      this.failing = true;
    }
  }

  private readOrWarn(): LearnedPair[] {
    try {
      return this.readFile();
    } catch (error) {
      this.onWarning(`${this.path} is left unread: ${messageOf(error)}`);
      return [];
    }
  }

  private readFile(): LearnedPair[] {
    const value = readJsonFile(this.path);
    if (value === undefined) return [];
    const learned = (value as { learned?: unknown }).learned;
    if (!Array.isArray(learned)) {
      throw new ClientManagerError(ClientManagerErrorCode.CONFIG_READ_FAILED, `${this.path} has no "learned" list; fix or remove it`);
    }
    return learned.filter(isPair).map(({ tool, request }) => ({ tool, request }));
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
