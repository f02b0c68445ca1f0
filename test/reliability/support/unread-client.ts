// A client that writes to a stdio server and never reads its answers: the server's stdout pipe
// fills, and whatever the server does with further replies shows in its resident memory.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";

/** Resident set size of `pid` in bytes (Linux /proc), or undefined once it is gone. */
export function residentBytes(pid: number): number | undefined {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] === undefined ? undefined : Number(match[1]) * 1024;
  } catch {
    return undefined;
  }
}

/** A server process whose stdout is never read. */
export interface UnreadServer {
  child: ChildProcess;
  exited: Promise<number | string>;
  stderr: () => string;
}

/** Starts `command args` with piped stdio and never reads stdout (stderr is collected). */
export function startUnread(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): UnreadServer {
  const child = spawn(command, args, { stdio: ["pipe", "pipe", "pipe"], env });
  child.stdout!.pause();
  child.stdin!.on("error", () => undefined);
  let stderr = "";
  child.stderr!.on("data", (chunk) => {
    stderr = (stderr + chunk).slice(-4000);
  });
  const exited = new Promise<number | string>((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal ?? "?")));
  return { child, exited, stderr: () => stderr };
}

/**
 * Waits until the server stops taking input (what we wrote stays queued on our side, unchanged
 * for five polls in a row) and returns its peak RSS meanwhile; throws as soon as the RSS passes
 * `limitBytes`, or the server swallowed all input (no backpressure), or after `timeoutMs`.
 */
export async function peakWhileStalled(server: UnreadServer, limitBytes: number, timeoutMs = 60_000): Promise<number> {
  const pid = server.child.pid as number;
  const stdin = server.child.stdin!;
  const deadline = Date.now() + timeoutMs;
  let peak = 0;
  let last = -1;
  let unchanged = 0;
  while (Date.now() < deadline) {
    const rss = residentBytes(pid);
    if (rss === undefined) throw new Error(`server exited while stalled: ${server.stderr()}`);
    peak = Math.max(peak, rss);
    if (rss > limitBytes) throw new Error(`server RSS reached ${Math.round(rss / 1048576)} MiB, over the ${Math.round(limitBytes / 1048576)} MiB bound`);
    const queued = stdin.writableLength;
    if (queued === 0) throw new Error("the server read all input although nobody reads its output: no backpressure");
    unchanged = queued === last ? unchanged + 1 : 0;
    last = queued;
    if (unchanged >= 5) return peak;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server kept reading input for ${timeoutMs} ms`);
}
