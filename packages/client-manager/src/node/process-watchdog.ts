// The process watchdog: a tiny second process that outlives its host and ends the process groups
// the host started when the host dies without closing them — SIGKILL, an OOM kill, a crash in
// native code — cases where no exit hook of the host can run. The host tells the watchdog each
// group as it starts and ends (one line `+<pgid>` / `-<pgid>` on the watchdog's stdin, written
// synchronously); the kernel closes that pipe when the host dies however it dies, and on that end
// of input the watchdog sends SIGTERM to every group still listed, SIGKILL to what is left after
// a grace period, and exits. The watchdog runs in its own session, so a closing terminal's SIGHUP
// does not reach it. POSIX only: on Windows there are no process groups to end and no watchdog.
import { spawn } from "node:child_process";
import type { Socket } from "node:net";
import { observeProcessGroups } from "./process-group";

/** A started watchdog. */
export interface ProcessWatchdog {
  /** The watchdog's process id (undefined when none was started). */
  readonly pid: number | undefined;
  /**
   * Closes the pipe: the watchdog ends whatever groups are still reported and exits. Call it after
   * the manager closed (then nothing is left and the watchdog exits at once).
   */
  stop(): void;
}

/** Options of {@link startProcessWatchdog}. */
export interface ProcessWatchdogOptions {
  /** Milliseconds between SIGTERM and SIGKILL of the groups left behind. Default 2000. */
  graceMs?: number;
}

// The watchdog program, run as `node -e`; CommonJS, no imports beyond Node's own. Lines are a
// few bytes; the buffer is cut at 4 KiB so that garbage on the pipe cannot grow it.
function watchdogProgram(graceMs: number): void {
  const groups = new Set<number>();
  let buffer = "";
  const alive = (pgid: number): boolean => {
    try {
      process.kill(-pgid, 0);
      return true;
    } catch (error) {
      return (error as NodeJS.ErrnoException).code === "EPERM";
    }
  };
  const signal = (name: NodeJS.Signals): void => {
    for (const pgid of groups) {
      try {
        process.kill(-pgid, name);
      } catch {
        groups.delete(pgid);
      }
    }
  };
  const reap = (): void => {
    signal("SIGTERM");
    const deadline = Date.now() + graceMs;
    const check = setInterval(() => {
      for (const pgid of groups) if (!alive(pgid)) groups.delete(pgid);
      if (groups.size > 0 && Date.now() < deadline) return;
      signal("SIGKILL");
      clearInterval(check);
      process.exit(0);
    }, 25);
  };
  for (const name of ["SIGHUP", "SIGINT", "SIGTERM"] as const) process.on(name, () => undefined);
  process.stdin.setEncoding("utf8");
  process.stdin.on("data", (chunk: string) => {
    buffer = (buffer + chunk).slice(-4096);
    let newline = buffer.indexOf("\n");
    while (newline !== -1) {
      const line = buffer.slice(0, newline);
      buffer = buffer.slice(newline + 1);
      newline = buffer.indexOf("\n");
      const pgid = Number(line.slice(1));
      if (!Number.isInteger(pgid) || pgid <= 1) continue;
      if (line.startsWith("+")) groups.add(pgid);
      else if (line.startsWith("-")) groups.delete(pgid);
    }
  });
  process.stdin.on("end", reap);
  process.stdin.on("error", reap);
}

/**
 * Starts the watchdog for this process's stdio servers (every group `trackGroup` records). Call
 * it once, before starting servers; it holds no handle that keeps the event loop alive.
 *
 * @example
 * const watchdog = startProcessWatchdog();
 * const manager = new NodeClientManager({ config });
 * await manager.start(); // a SIGKILL of this process from here on leaves no server behind
 */
export function startProcessWatchdog(options: ProcessWatchdogOptions = {}): ProcessWatchdog {
  if (process.platform === "win32") return { pid: undefined, stop: () => undefined };
  const graceMs = options.graceMs ?? 2000;
  const child = spawn(process.execPath, ["-e", `(${watchdogProgram.toString()})(${JSON.stringify(graceMs)})`], {
    detached: true,
    stdio: ["pipe", "ignore", "ignore"],
    env: {},
  });
  child.unref();
  const input = child.stdin as Socket | null;
  // The pipe must not hold the host's event loop open either. Node writes a pipe at once when it
  // can (a few bytes always can), so a group is known to the watchdog before the next tick.
  input?.unref();
  let broken = false;
  input?.on("error", () => {
    broken = true;
  });
  const report = (change: "added" | "removed", pgid: number): void => {
    if (!broken) input?.write(`${change === "added" ? "+" : "-"}${pgid}\n`);
  };
  const unobserve = observeProcessGroups(report);
  return {
    pid: child.pid,
    stop() {
      unobserve();
      input?.end();
    },
  };
}
