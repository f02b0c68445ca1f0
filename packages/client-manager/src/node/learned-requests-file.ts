// What a host's searches taught (a request and the tool it was for, tool-catalog's learned
// requests), kept in its home folder beside mcp.json so `foya serve --progressive` starts with
// them: `learned-requests.json`, 0600 in a 0700 folder, written atomically under the home's lock
// (./config-lock), so parallel serve processes never lose each other's pairs. Bounded: the newest
// `maxEntries` pairs are kept, a pair learned again moves to the newest place.
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
  typeof value === "object" && value !== null && typeof (value as LearnedPair).tool === "string" && typeof (value as LearnedPair).request === "string" && (value as LearnedPair).request.length <= MAX_REQUEST_LENGTH;

/**
 * A home folder's learned pairs. Reading or writing never throws: a cache that cannot be read is
 * an empty one (reported through `onWarning`), and a pair that cannot be written is only lost.
 *
 * @example
 * const file = new LearnedRequestsFile(home);
 * file.add([{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]);
 * file.load(); // [{ tool: "mcp__ev__get-sum", request: "tot up two numbers" }]
 */
export class LearnedRequestsFile {
  readonly path: string;
  private readonly lockPath: string;
  private readonly maxEntries: number;
  private readonly onWarning: (message: string) => void;
  private readonly lockTimeoutMs: number | undefined;

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

  /** The pairs, oldest first (malformed entries left out; none when the file is absent or unreadable). */
  load(): LearnedPair[] {
    try {
      const value = readJsonFile(this.path) as { learned?: unknown } | undefined;
      const learned = Array.isArray(value?.learned) ? value.learned : [];
      return learned.filter(isPair).map(({ tool, request }) => ({ tool, request }));
    } catch (error) {
      this.onWarning(`${this.path} is left unread: ${messageOf(error)}`);
      return [];
    }
  }

  /** Adds pairs after the file's own (under the home's lock), keeping the newest `maxEntries`. */
  add(pairs: readonly LearnedPair[]): void {
    if (pairs.length === 0) return;
    try {
      withFileLock(
        this.lockPath,
        () => {
          const byKey = new Map<string, LearnedPair>();
          for (const pair of [...this.load(), ...pairs]) {
            const key = keyOf(pair);
            byKey.delete(key);
            byKey.set(key, pair);
          }
          writePrivateJson(this.path, { learned: [...byKey.values()].slice(-this.maxEntries) });
        },
        this.lockTimeoutMs === undefined ? {} : { timeoutMs: this.lockTimeoutMs },
      );
    } catch (error) {
      this.onWarning(`${pairs.length} learned request${pairs.length === 1 ? "" : "s"} not kept in ${this.path}: ${messageOf(error)}`);
    }
  }
}
