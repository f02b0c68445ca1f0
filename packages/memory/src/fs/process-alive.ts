// Whether a process id on this host is running: signal 0 checks without touching it. EPERM means
// it runs under another user, which still counts as alive.

/** True when a process with `pid` exists on this host. */
export function processIsAlive(pid: number): boolean {
  if (!Number.isSafeInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
