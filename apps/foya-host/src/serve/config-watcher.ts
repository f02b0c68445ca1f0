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
  let timer: NodeJS.Timeout | undefined;
  let stopped = false;
  const schedule = (): void => {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(() => {
      timer = undefined;
      if (!stopped) options.onChange();
    }, debounceMs);
  };

  let folderWatcher: fs.FSWatcher | undefined;
  try {
    fs.mkdirSync(options.home, { recursive: true, mode: 0o700 });
    folderWatcher = fs.watch(options.home, (_event, filename) => {
      if (filename === null || WATCHED.has(filename.toString())) schedule();
    });
    folderWatcher.on("error", () => undefined);
  } catch {
    folderWatcher = undefined; // polling below still follows the files
  }
  const polled = [...WATCHED].map((name) => path.join(options.home, name));
  const onPoll = (current: fs.Stats, previous: fs.Stats): void => {
    if (current.mtimeMs !== previous.mtimeMs || current.size !== previous.size || current.ino !== previous.ino) schedule();
  };
  for (const file of polled) fs.watchFile(file, { interval: options.pollMs ?? 1000, persistent: false }, onPoll);

  return () => {
    stopped = true;
    if (timer) clearTimeout(timer);
    folderWatcher?.close();
    for (const file of polled) fs.unwatchFile(file, onPoll);
  };
}
