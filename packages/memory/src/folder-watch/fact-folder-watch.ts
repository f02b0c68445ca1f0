// A directory watch on `.foundry/memory/facts/` that says which files changed since the last
// call, or that it cannot vouch and the caller must scan the whole folder. It cannot vouch:
// - before it is started and proved: on start it writes a probe file and requires the probe's
//   event (a platform or file system where events are late or missing fails this self-test). The
//   probe goes in a folder beside the facts (`.foundry/cache/`, on the same device), watched for
//   that moment alone: a probe in the facts folder changed that folder's mtime at every start,
//   so the recall index, proved current by the folder's stat, was never current (session 19).
//   Both watches share the loop's one inotify instance, so the probe's event proves this one's;
// - off Linux (macOS FSEvents and Windows change journals deliver late, in batches), and on
//   file systems other than known local ones (NFS, SMB/CIFS, FUSE, 9p, virtiofs… deliver no
//   events for changes made by other machines): `statfs` type against an allow-list;
// - after a watcher error, an event without a file name, an event on the folder itself
//   (deleted, moved or replaced), or a burst of events large enough that the kernel queue may
//   have overflowed (libuv drops the IN_Q_OVERFLOW event, so the burst size is the only sign).
// Events are delivered through the event loop; `settle()` lets every event queued in the kernel
// before the call reach the listener (two loop turns guarantee one poll phase in between).
// The folder's identity (device and inode, folderIdentity) is compared by the caller on every call.

import { mkdirSync, readFileSync, statSync, statfsSync, watch, writeFileSync, rmSync } from "node:fs";
import type { FSWatcher } from "node:fs";
import { randomBytes } from "node:crypto";
import path from "node:path";
import { storageError } from "../drivers/folder-scan";
import { isDraftName } from "../fs/stale-temporary-files";

/** statfs magic numbers of local Linux file systems whose inotify events are complete. */
const LOCAL_FILE_SYSTEMS = new Map<number, string>([
  [0xef53, "ext2/3/4"],
  [0x58465342, "xfs"],
  [0x9123683e, "btrfs"],
  [0x01021994, "tmpfs"],
  [0x2fc12fc1, "zfs"],
  [0xf2f52010, "f2fs"],
  [0x794c7630, "overlayfs"],
  [0x52654973, "reiserfs"],
  [0x3153464a, "jfs"],
  [0xca451a4e, "bcachefs"],
]);

const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const PROBE_WAIT_MS = 1_000;

/** Whether events on this folder can be trusted, and if not, why (for diagnostics and docs). */
export function watchSupport(folder: string): { ok: true } | { ok: false; reason: string } {
  if (process.platform !== "linux")
    return { ok: false, reason: `${process.platform} delivers change events late or in batches` };
  let type: number;
  try {
    type = Number(statfsSync(folder).type);
  } catch (error) {
    return { ok: false, reason: `statfs failed: ${(error as Error).message}` };
  }
  if (!LOCAL_FILE_SYSTEMS.has(type))
    return { ok: false, reason: `file system type 0x${type.toString(16)} is not a known local one` };
  return { ok: true };
}

/** `folder`'s device and inode, or undefined when it does not exist (a new inode: the folder was replaced). */
export function folderIdentity(folder: string): string | undefined {
  try {
    const stat = statSync(folder, { bigint: true });
    return `${stat.dev}:${stat.ino}`;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw storageError("stat", folder, error);
    return undefined;
  }
}

function burstLimit(): number {
  try {
    const queued = Number(readFileSync("/proc/sys/fs/inotify/max_queued_events", "utf8").trim());
    if (Number.isSafeInteger(queued) && queued > 1) return Math.min(1_000, queued - 1);
  } catch {
    // not readable: keep the default
  }
  return 1_000;
}

/**
 * Where the self-test's probe is written: `wanted` when it can be made and is on the watched
 * folder's device (the same file system's events are what the probe proves), else the watched
 * folder itself.
 */
function probeFolderFor(watched: string, wanted: string | undefined): string {
  if (wanted === undefined) return watched;
  try {
    mkdirSync(wanted, { recursive: true });
    return statSync(wanted).dev === statSync(watched).dev ? wanted : watched;
  } catch {
    return watched;
  }
}

/** One watch on one folder identity. */
export class FactFolderWatch {
  /** `.md` names changed since the last `take()`. */
  private dirty = new Set<string>();
  /** Draft names seen (leftovers are swept under the write lock). */
  readonly drafts = new Set<string>();
  private vouched = false;
  private broken: string | undefined;
  private watcher: FSWatcher | undefined;
  private burst = 0;
  private probe: string | undefined;
  private probeSeen = false;
  private readonly folderName: string;
  private readonly burstLimit: number;
  private readonly probeFolder: string | undefined;

  /** `probeFolder`: where the self-test's probe goes (see the header); default the watched folder. */
  constructor(
    readonly folder: string,
    readonly identity: string,
    options: { burstLimit?: number; probeFolder?: string } = {},
  ) {
    this.folderName = path.basename(folder);
    this.burstLimit = options.burstLimit ?? burstLimit();
    this.probeFolder = options.probeFolder;
  }

  /**
   * Starts watching and runs the self-test; resolves false (with `reason`) when it cannot vouch.
   * `onWatching` runs as soon as the kernel watch is in place, before the self-test: work begun
   * there (a listing) is covered by this watch's events if the self-test then passes.
   */
  async start(onWatching?: () => void): Promise<boolean> {
    const support = watchSupport(this.folder);
    if (!support.ok) return this.fail(support.reason);
    try {
      this.watcher = watch(this.folder, { persistent: false }, (_event, name) => this.onEvent(name));
      this.watcher.on("error", (error) => this.fail(`watcher error: ${error.message}`));
    } catch (error) {
      return this.fail(`cannot watch: ${(error as Error).message}`);
    }
    onWatching?.();
    const probeFolder = probeFolderFor(this.folder, this.probeFolder);
    let probeWatcher: FSWatcher | undefined;
    if (probeFolder !== this.folder) {
      try {
        probeWatcher = watch(probeFolder, { persistent: false }, (_event, name) => this.onEvent(name, true));
        probeWatcher.on("error", (error) => this.fail(`probe watcher error: ${error.message}`));
      } catch (error) {
        return this.fail(`cannot watch the probe's folder: ${(error as Error).message}`);
      }
    }
    try {
      return await this.selfTest(probeFolder);
    } finally {
      probeWatcher?.close();
    }
  }

  /** Writes and removes the probe in `probeFolder`; vouches once its event has arrived. */
  private async selfTest(probeFolder: string): Promise<boolean> {
    // Named like a draft of an atomic write, so a probe left by a killed process is swept too.
    const probePath = path.join(probeFolder, `..watch-probe.${process.pid}.${randomBytes(6).toString("hex")}.tmp`);
    this.probe = path.basename(probePath);
    try {
      writeFileSync(probePath, "");
      rmSync(probePath, { force: true });
    } catch (error) {
      return this.fail(`cannot write the probe file: ${(error as Error).message}`);
    }
    await this.settle();
    if (this.broken) return false;
    if (!this.probeSeen) {
      // Find out whether the event is late or missing, for the reason; either way no vouching.
      const deadline = Date.now() + PROBE_WAIT_MS;
      while (!this.probeSeen && Date.now() < deadline)
        await new Promise((resolve) => setTimeout(resolve, 10));
      return this.fail(this.probeSeen ? "the probe file's event arrived late" : "the probe file's event did not arrive");
    }
    this.vouched = true;
    return true;
  }

  /** An event of the watched folder, or (`probeOnly`) of the probe's folder, where only the probe counts. */
  private onEvent(name: string | Buffer | null, probeOnly = false): void {
    if (probeOnly) return void (name !== null && String(name) === this.probe && (this.probeSeen = true));
    if (this.burst++ === 0)
      setImmediate(() => {
        if (this.burst >= this.burstLimit)
          this.fail(`${this.burst} events in one read: the kernel queue may have overflowed`);
        this.burst = 0;
      });
    if (name === null) return void this.fail("an event without a file name");
    const file = String(name);
    if (file === this.probe) {
      this.probeSeen = true;
      return;
    }
    if (file === this.folderName) return void this.fail("the folder itself changed");
    if (file.endsWith(".md")) this.dirty.add(file);
    else if (isDraftName(file)) this.drafts.add(file);
  }

  private fail(reason: string): false {
    this.broken ??= reason;
    this.vouched = false;
    this.watcher?.close();
    this.watcher = undefined;
    return false;
  }

  /** Lets every event already queued by the kernel reach the listener. */
  async settle(): Promise<void> {
    await nextTurn();
    await nextTurn();
  }

  /** Why the watch cannot vouch, or undefined while it can. */
  get failure(): string | undefined {
    return this.broken ?? (this.vouched ? undefined : "not started");
  }

  /** The names changed since the last call, or undefined when only a full scan is safe. */
  take(): Set<string> | undefined {
    if (!this.vouched) return undefined;
    const changed = this.dirty;
    this.dirty = new Set();
    return changed;
  }

  close(): void {
    this.fail("closed");
  }
}
