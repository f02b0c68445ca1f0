// The default fact store: one markdown file per fact under `.foundry/memory/facts/`.
//
// Freshness rule of the cache (never stale): each call lists the folder and stats every
// fact file. A parsed file is reused only if its size, inode, mtime and ctime (ns) are
// unchanged AND its ctime was at least RACY_WINDOW_MS older than the moment we read it.
// Any later change to a file moves its ctime past that moment (the kernel sets ctime on
// every write, rename or utimes), so an unchanged stat proves unchanged content. Files
// changed too recently to prove that ("racy", as git calls them) are re-read each call.
// Unchanged content keeps the same fact object, and an unchanged folder returns the same
// snapshot object, so search can reuse its index by identity.

import { readFileSync, readdirSync, statSync } from "node:fs";
import { promises as fs } from "node:fs";
import path from "node:path";
import { MemoryError, MemoryErrorCode } from "../errors";
import {
  FACT_ID_PATTERN,
  factIdFromNumber,
  factIdNumber,
  parseFact,
  serializeFact,
} from "../facts/fact-file";
import { createFileExclusive, writeFileAtomic } from "../fs/atomic-write";
import { withFileLock } from "../fs/file-lock";
import type { FileLockOptions } from "../fs/file-lock";
import { foundryPaths } from "../paths";
import type { FoundryPaths } from "../paths";
import type { Fact } from "../types";
import type { FactProblem, FactSnapshot, FactStoreDriver, StoredFactRecord } from "./driver";

/** Options of {@link MarkdownFactStore}. */
export interface MarkdownFactStoreOptions {
  /** Project root; facts live in `<root>/.foundry/memory/facts/`. */
  root: string;
  /** Reuse parsed files proved unchanged (default true). `false` re-reads every file on every call. */
  cache?: boolean;
  lock?: FileLockOptions;
  /**
   * A file changed less than this long before it was read is re-read on the next call
   * (default 2000 ms, well above any local file system's timestamp granularity).
   */
  racyWindowMs?: number;
}

const RACY_WINDOW_MS = 2_000;
const FILE_NAME = /^(fact-\d{4,})\.md$/;

interface CacheEntry {
  key: string;
  settled: boolean;
  source: string;
  record?: StoredFactRecord;
  problem?: FactProblem;
}

function readErrorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException).code;
}

/** The default {@link FactStoreDriver}: markdown files with YAML front matter, safe across processes. */
export class MarkdownFactStore implements FactStoreDriver {
  readonly name = "markdown-files";
  private readonly paths: FoundryPaths;
  private readonly cache: boolean;
  private readonly lockOptions: FileLockOptions;
  private readonly racyWindowMs: number;
  /** `.foundry/memory/facts/`, project-relative with forward slashes, for messages. */
  private readonly locationPrefix: string;
  private entries = new Map<string, CacheEntry>();
  private snapshot: FactSnapshot | undefined;

  constructor(options: MarkdownFactStoreOptions) {
    this.paths = foundryPaths(options.root);
    this.cache = options.cache ?? true;
    this.lockOptions = options.lock ?? {};
    this.racyWindowMs = options.racyWindowMs ?? RACY_WINDOW_MS;
    this.locationPrefix = `${path.relative(this.paths.root, this.paths.facts).split(path.sep).join("/")}/`;
  }

  private location(fileName: string): string {
    return `${this.locationPrefix}${fileName}`;
  }

  private listFactFiles(): string[] {
    try {
      return readdirSync(this.paths.facts).filter((name) => name.endsWith(".md"));
    } catch (error) {
      if (readErrorCode(error) === "ENOENT") return [];
      throw new MemoryError(
        MemoryErrorCode.STORAGE_FAILED,
        `cannot list ${this.paths.facts}: ${(error as Error).message}`,
        { cause: error },
      );
    }
  }

  private readEntry(
    fileName: string,
    key: string,
    settled: boolean,
    previous: CacheEntry | undefined,
  ): CacheEntry | undefined {
    let source: string;
    try {
      source = readFileSync(`${this.paths.facts}${path.sep}${fileName}`, "utf8");
    } catch (error) {
      if (readErrorCode(error) === "ENOENT") return undefined;
      return {
        key,
        settled: false,
        source: "",
        problem: { location: this.location(fileName), reason: (error as Error).message },
      };
    }
    if (previous && previous.source === source) return { ...previous, key, settled };
    const idFromName = FILE_NAME.exec(fileName)?.[1];
    const location = this.location(fileName);
    if (!idFromName)
      return {
        key,
        settled,
        source,
        problem: { location, reason: "file name is not fact-NNNN.md", source },
      };
    const parsed = parseFact(source, idFromName);
    if (!parsed.ok)
      return { key, settled, source, problem: { location, reason: parsed.reason, source } };
    return { key, settled, source, record: { fact: parsed.fact, source, location } };
  }

  async load(): Promise<FactSnapshot> {
    const names = this.listFactFiles();
    const next = new Map<string, CacheEntry>();
    let changed = !this.cache || !this.snapshot || names.length !== this.entries.size;
    for (const name of names) {
      const readStart = Date.now();
      let key: string;
      let settled: boolean;
      try {
        // bigint stat: nanosecond times, and measurably faster than the float form here
        const stat = statSync(`${this.paths.facts}${path.sep}${name}`, { bigint: true });
        key = `${stat.size}:${stat.ino}:${stat.mtimeNs}:${stat.ctimeNs}`;
        settled = readStart - Number(stat.ctimeNs / 1_000_000n) >= this.racyWindowMs;
      } catch (error) {
        if (readErrorCode(error) === "ENOENT") continue;
        throw error;
      }
      const previous = this.cache ? this.entries.get(name) : undefined;
      if (previous && previous.settled && previous.key === key) {
        next.set(name, previous);
        continue;
      }
      const entry = this.readEntry(name, key, settled, previous);
      if (!entry) continue;
      if (entry.record !== previous?.record || entry.problem !== previous?.problem) changed = true;
      next.set(name, entry);
    }
    if (next.size !== this.entries.size) changed = true;
    this.entries = next;
    if (!changed && this.snapshot) return this.snapshot;
    const records: StoredFactRecord[] = [];
    const problems: FactProblem[] = [];
    for (const entry of next.values()) {
      if (entry.record) records.push(entry.record);
      if (entry.problem) problems.push(entry.problem);
    }
    records.sort((a, b) => factIdNumber(a.fact.id) - factIdNumber(b.fact.id));
    this.snapshot = { records, problems };
    return this.snapshot;
  }

  withWriteLock<T>(work: () => Promise<T>): Promise<T> {
    return withFileLock(this.paths.lock, work, this.lockOptions);
  }

  async allocateId(): Promise<string> {
    let highest = 0;
    for (const name of this.listFactFiles()) {
      const id = FILE_NAME.exec(name)?.[1];
      if (id && FACT_ID_PATTERN.test(id)) highest = Math.max(highest, factIdNumber(id));
    }
    try {
      const counter = Number.parseInt((await fs.readFile(this.paths.idCounter, "utf8")).trim(), 10);
      if (Number.isSafeInteger(counter)) highest = Math.max(highest, counter);
    } catch (error) {
      if (readErrorCode(error) !== "ENOENT") throw error;
    }
    const next = highest + 1;
    // The high-water mark outlives deleted files, so an id is never handed out twice.
    await writeFileAtomic(this.paths.idCounter, `${next}\n`);
    return factIdFromNumber(next);
  }

  async create(fact: Fact): Promise<void> {
    try {
      await createFileExclusive(path.join(this.paths.facts, `${fact.id}.md`), serializeFact(fact));
    } catch (error) {
      if (readErrorCode(error) === "EEXIST")
        throw new MemoryError(
          MemoryErrorCode.ID_CONFLICT,
          `${fact.id}.md already exists; ids are never reused.`,
          { cause: error },
        );
      throw error;
    }
  }

  async update(fact: Fact): Promise<void> {
    await writeFileAtomic(path.join(this.paths.facts, `${fact.id}.md`), serializeFact(fact));
  }
}
