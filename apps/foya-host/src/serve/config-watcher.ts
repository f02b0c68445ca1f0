// Follows `$FOYA_HOME/mcp.json` (and the credentials beside it) while `foya serve` runs. The folder
// is watched with fs.watch, because editors and ConfigStore replace the file by rename (a watch
// on the file itself would go deaf after the first save); fs.watchFile polls as a fallback for
// file systems where fs.watch sees nothing. Bursts of events collapse into one reload.
import fs from "node:fs";
import path from "node:path";

/** Options of watchConfig. */
export interface ConfigWatchOptions {
  home: string;
  /** Called once per settled burst of changes. Errors are the caller's to report. */
  onChange: () => void;
  /** Quiet time before a burst counts as settled. */
  debounceMs?: number;
  /** Polling interval of the fallback. */
  pollMs?: number;
}

const WATCHED = new Set(["mcp.json", "mcp-credentials.json"]);

/**
 * Starts watching; the returned function stops every watcher and timer.
 *
 * @example const stop = watchConfig({ home, onChange: () => reload() }); … stop();
 */
export function watchConfig(options: ConfigWatchOptions): () => void {
  const debounceMs = options.debounceMs ?? 150;
  const polled = [...WATCHED].map((name) => path.join(options.home, name));
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  // A burst the folder watch saw always reloads. One only the poll saw reloads only if the files
  // differ from what the last reload read: a poll that sees a burst after its reload (a stat
  // late on a busy machine) would otherwise reload the same files twice.
  let watchSaw = false;
  let reloaded = signature(polled);
  const schedule = (fromPoll: boolean): void => {
    if (stopped) return;
    watchSaw ||= !fromPoll;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      const now = signature(polled);
      const changed = watchSaw || now !== reloaded;
      watchSaw = false;
      reloaded = now;
      if (!stopped && changed) options.onChange();
    }, debounceMs);
  };

  let folderWatcher: fs.FSWatcher | undefined;
  try {
    fs.mkdirSync(options.home, { recursive: true, mode: 0o700 });
    folderWatcher = fs.watch(options.home, (_event, filename) => {
      if (filename === null || WATCHED.has(filename.toString())) schedule(false);
    });
    folderWatcher.on("error", () => undefined);
  } catch {
    folderWatcher = undefined; // polling below still follows the files
  }
  const onPoll = (current: fs.Stats, previous: fs.Stats): void => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size || current.ino !== previous.ino) schedule(true);
  };
  for (const file of polled) fs.watchFile(file, { interval: options.pollMs ?? 1000, persistent: false }, onPoll);

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    folderWatcher?.close();
    for (const file of polled) fs.unwatchFile(file, onPoll);
  };
}

/** What the poll compares, for every watched file at once ("-" for one that is missing). */
function signature(files: readonly string[]): string {
  return files
    .map((file) => {
      try {
        const stat = fs.statSync(file);
        return `${stat.ino}:${stat.size}:${stat.mtimeMs}:${stat.ctimeMs}`;
      } catch {
        return "-";
      }
    })
    .join("|");
}
