// How many inotify watches this process holds on a folder, read from /proc (Linux): each
// fs.watch adds one line `inotify wd:… ino:<hex> sdev:…` to the fdinfo of the process's
// inotify descriptor, and closing the watch removes it. So a test can tell that a watcher was
// (or was never) created, without reaching into the code under test.
import { readFileSync, readdirSync, readlinkSync, statSync } from "node:fs";

/** inotify watches this process holds on `folder` (by its inode). */
export function inotifyWatchesOn(folder: string): number {
  const inode = ` ino:${statSync(folder).ino.toString(16)} `;
  let count = 0;
  for (const fd of readdirSync("/proc/self/fd")) {
    let target: string;
    try {
      target = readlinkSync(`/proc/self/fd/${fd}`);
    } catch {
      continue; // closed since the listing
    }
    if (target !== "anon_inode:inotify") continue;
    for (const line of readFileSync(`/proc/self/fdinfo/${fd}`, "utf8").split("\n")) if (line.startsWith("inotify wd:") && line.includes(inode)) count += 1;
  }
  return count;
}
