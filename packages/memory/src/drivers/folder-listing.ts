// A facts folder's listing with every file's stat key, made on a worker thread so a cold start
// can restore its saved index on the main thread at the same time. At 10,000 facts the 10,000
// stats that prove the saved entries fresh took ~120 ms of a ~360 ms cold first search, all on
// the main thread after the restore; on a second core they overlap the restore (~110 ms)
// instead. A worker costs ~40 ms to boot, so it is used only where that is repaid: more than
// one core, and a saved index big enough to hold a few thousand facts. Anything the worker
// cannot do (no worker, a listing error other than a missing folder) makes the caller fall back
// to its own listing on the main thread, which reports errors as it always did.
//
// The worker runs a few lines of plain CommonJS from a string (`eval`), so it needs no file of
// its own beside a bundle.

import { availableParallelism } from "node:os";
import { Worker } from "node:worker_threads";
import type { FileStat } from "./fact-entries";

/** Numbers per name in {@link FolderListing.stats}: size, ino, mtimeMs, ctimeMs, nlink. */
const STAT_FIELDS = 5;

/** Saved indexes smaller than this (~2,500 facts) are checked on the main thread (≤ ~12 ms of stats). */
export const WORKER_LISTING_MIN_BYTES = 2 * 1024 * 1024;

/** Names ending `.md` (others: names only) and their stats; size -1: gone, -2: a link or anything else not a regular file. */
export interface FolderListing {
  readonly names: readonly string[];
  readonly mdNames: readonly string[];
  readonly stats: Float64Array;
}

const WORKER_SOURCE = `
const { parentPort, workerData } = require("node:worker_threads");
const { readdirSync, lstatSync } = require("node:fs");
const { sep } = require("node:path");
const { folder, fields } = workerData;
let names;
try {
  names = readdirSync(folder);
} catch (error) {
  parentPort.postMessage({ failed: error.code === "ENOENT" ? "ENOENT" : "other" });
}
if (names) {
  const mdNames = names.filter((name) => name.endsWith(".md"));
  const stats = new Float64Array(mdNames.length * fields);
  for (let at = 0; at < mdNames.length; at += 1) {
    const stat = lstatSync(folder + sep + mdNames[at], { throwIfNoEntry: false });
    const row = at * fields;
    if (!stat) stats[row] = -1;
    else if (!stat.isFile()) stats[row] = -2;
    else { stats[row] = stat.size; stats[row + 1] = stat.ino; stats[row + 2] = stat.mtimeMs; stats[row + 3] = stat.ctimeMs; stats[row + 4] = stat.nlink; }
  }
  parentPort.postMessage({ names, mdNames, stats }, [stats.buffer]);
}
`;

type WorkerAnswer = { failed: string } | { names: string[]; mdNames: string[]; stats: Float64Array };

/** Whether a worker listing pays for itself here, for a saved index of `savedBytes` (0: none). */
export function workerListingWorthIt(savedBytes: number, minBytes = WORKER_LISTING_MIN_BYTES): boolean {
  return savedBytes > 0 && savedBytes >= minBytes && availableParallelism() > 1;
}

/**
 * Lists `folder` and stats its `.md` files on a worker thread. Resolves to the listing, to an
 * empty listing when the folder does not exist, or to undefined when the worker could not do
 * it (the caller then lists on its own thread). Never rejects.
 */
export function listFolderInWorker(folder: string): Promise<FolderListing | undefined> {
  return new Promise((resolve) => {
    let worker: Worker;
    try {
      worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { folder, fields: STAT_FIELDS } });
    } catch {
      resolve(undefined);
      return;
    }
    worker.unref(); // never what keeps a process alive
    worker.once("message", (answer: WorkerAnswer) => {
      if ("failed" in answer) resolve(answer.failed === "ENOENT" ? { names: [], mdNames: [], stats: new Float64Array(0) } : undefined);
      else resolve(answer);
    });
    worker.once("error", () => resolve(undefined));
    worker.once("exit", () => resolve(undefined)); // after a message this changes nothing
  });
}

/**
 * One view over a listing's stats, moved row by row (`at`), so checking 10,000 names makes no
 * object per name; what keeps a stat copies it (fact-entries.ts does).
 */
export class ListedStats implements FileStat {
  private row = 0;

  constructor(private readonly listing: FolderListing) {}

  /** Whether `listing.mdNames[at]` was a link or not a regular file (never opened: the caller refuses it). */
  isLink(at: number): boolean {
    return this.listing.stats[at * STAT_FIELDS] === -2;
  }

  /** This view at `listing.mdNames[at]`, or undefined when that was gone or is refused ({@link isLink}). */
  at(at: number): FileStat | undefined {
    this.row = at * STAT_FIELDS;
    return (this.listing.stats[this.row] as number) < 0 ? undefined : this;
  }

  get size(): number {
    return this.listing.stats[this.row] as number;
  }

  get ino(): number {
    return this.listing.stats[this.row + 1] as number;
  }

  get mtimeMs(): number {
    return this.listing.stats[this.row + 2] as number;
  }

  get ctimeMs(): number {
    return this.listing.stats[this.row + 3] as number;
  }

  get nlink(): number {
    return this.listing.stats[this.row + 4] as number;
  }
}
