// Waiting for a freshly started manager: until start() has settled every server's first attempt,
// or the time is up. A progress callback lets `foya mcp status` keep a live line on stderr
// meanwhile; `foya serve` uses the time bound so that a slow server cannot hold up its client.
import type { HostManager, ServerStatus } from "./contract";

/** Starts the manager and waits for the first attempts (at most `timeoutMs`); returns the status. */
export async function startAndSettle(
  manager: HostManager,
  timeoutMs: number,
  onProgress?: (statuses: ServerStatus[]) => void,
): Promise<ServerStatus[]> {
  let settled = false;
  const started = manager.start().then(
    () => {
      settled = true;
    },
    () => {
      settled = true;
    },
  );
  const deadline = Date.now() + timeoutMs;
  while (!settled && Date.now() < deadline) {
    onProgress?.(manager.status());
    await Promise.race([started, new Promise((resolve) => setTimeout(resolve, 100))]);
  }
  return manager.status();
}

/** Milliseconds one-shot commands wait for connections (FOYA_CONNECT_TIMEOUT_MS, default 30 s). */
export function connectTimeoutMs(env: NodeJS.ProcessEnv = process.env): number {
  const value = Number(env.FOYA_CONNECT_TIMEOUT_MS);
  return Number.isFinite(value) && value > 0 ? value : 30_000;
}

/**
 * The connect timeout of one attempt when a command waits `waitMs` for it: a second (at most a
 * tenth) below the wait, so a silent server is reported as an error when the wait ends.
 */
export function connectAttemptMs(waitMs: number): number {
  return Math.max(1, Math.max(waitMs - 1000, Math.floor(waitMs * 0.9)));
}
