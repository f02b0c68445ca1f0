// Reconnect timing: capped exponential backoff with jitter, so many hosts restarting together
// do not hammer a recovering server in lockstep.

/** How reconnection is paced. */
export interface ReconnectOptions {
  /** Delay before the first retry. Default 500 ms. */
  initialDelayMs?: number;
  /** Upper bound of one delay. Default 30 000 ms. */
  maxDelayMs?: number;
  /** Give up after this many failed retries (the server stays in error). Default: never give up. */
  maxAttempts?: number;
}

/** The defaults of {@link ReconnectOptions}. */
export const DEFAULT_RECONNECT = { initialDelayMs: 500, maxDelayMs: 30_000, maxAttempts: Number.POSITIVE_INFINITY } as const;

/**
 * The delay before retry number `attempt` (0-based): `min(max, initial * 2^attempt)`, then a
 * random point in its upper half ("equal jitter"), so it never drops below half the step.
 */
export function reconnectDelay(attempt: number, options: ReconnectOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? DEFAULT_RECONNECT.initialDelayMs;
  const max = options.maxDelayMs ?? DEFAULT_RECONNECT.maxDelayMs;
  const step = Math.min(max, initial * 2 ** Math.min(attempt, 30));
  return Math.round(step / 2 + random() * (step / 2));
}
