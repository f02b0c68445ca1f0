// Process-group helpers for stdio servers. Each child is spawned detached, so it leads a new
// group holding every descendant (shell, npx, grandchildren); ending the group ends them all.

/** Whether any process of group `pgid` is still present (zombies count until reaped). */
export function groupAlive(pgid: number): boolean {
  try {
    process.kill(-pgid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** Sends `signal` to every process of group `pgid`; a vanished group is not an error. */
export function signalGroup(pgid: number, signal: NodeJS.Signals): void {
  try {
    process.kill(-pgid, signal);
  } catch {
    // ESRCH: the group is already gone.
  }
}

// Not unref'd on purpose: close() awaits these waits, and a host whose only remaining handle
// is this timer must not exit before the group is gone and close() has resolved.
function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function waitForGroupExit(pgid: number, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!groupAlive(pgid)) return true;
    await delay(25);
  }
  return !groupAlive(pgid);
}

/** SIGTERM the group, wait up to `graceMs`, then SIGKILL whatever is left. */
export async function terminateGroup(pgid: number, graceMs = 2000): Promise<void> {
  if (!groupAlive(pgid)) return;
  signalGroup(pgid, "SIGTERM");
  if (await waitForGroupExit(pgid, graceMs)) return;
  signalGroup(pgid, "SIGKILL");
  await waitForGroupExit(pgid, 1000);
}

// Groups still running: if the host process exits without close(), kill them synchronously.
const liveGroups = new Set<number>();
let exitHookInstalled = false;

/** Told when a tracked group starts (`added`) and when it is forgotten (`removed`). */
export type GroupObserver = (change: "added" | "removed", pgid: number) => void;
const observers = new Set<GroupObserver>();

/**
 * Follows every process group this process tracks (the live ones are reported at once as
 * `added`); returns the stop function. The process watchdog uses it to know what to end.
 */
export function observeProcessGroups(observer: GroupObserver): () => void {
  observers.add(observer);
  for (const group of liveGroups) observer("added", group);
  return () => observers.delete(observer);
}

function tell(change: "added" | "removed", pgid: number): void {
  for (const observer of observers) {
    try {
      observer(change, pgid);
    } catch {
      // An observer's failure must not stop a server from starting or ending.
    }
  }
}

/** Remembers a group so an exiting host kills it; returns the forget function. */
export function trackGroup(pgid: number): () => void {
  if (!exitHookInstalled) {
    exitHookInstalled = true;
    process.once("exit", () => {
      for (const group of liveGroups) signalGroup(group, "SIGKILL");
    });
  }
  liveGroups.add(pgid);
  tell("added", pgid);
  return () => {
    if (liveGroups.delete(pgid)) tell("removed", pgid);
  };
}
