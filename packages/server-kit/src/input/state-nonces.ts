// Each requestState answers one question once (issue #36 R4). A sealed state proves the server
// made it, not that it is still unanswered: a client (or anyone who saw the traffic) could send
// the same approved retry again and run the call again. So every state carries a nonce the
// server remembers as outstanding when it issues the state and forgets when a retry uses it; a
// second use finds nothing. The memory is bounded: past `max` outstanding states the expired go
// first, then the oldest (whose retry is then refused with the same clear error).
// Neighbours: modern-round.ts (issues and consumes), request-state.ts (carries the nonce).
import { randomBytes } from "node:crypto";

/** Where outstanding requestState nonces live; several server instances behind one key share one. */
export interface StateNonceStore {
  /** Records a nonce as outstanding until `expires` (ms since the epoch). */
  issue(nonce: string, expires: number, now: number): void;
  /** True once for an outstanding nonce (it is forgotten); false for a used, unknown or expired one. */
  consume(nonce: string, now: number): boolean;
}

/** Outstanding states one process remembers by default. */
export const DEFAULT_MAX_OUTSTANDING_STATES = 10_000;

/** A fresh nonce (128 bits, base64url). */
export function newStateNonce(): string {
  return randomBytes(16).toString("base64url");
}

/** The in-process store: a Map in issue order, bounded by `max`. */
export class MemoryStateNonces implements StateNonceStore {
  private readonly outstanding = new Map<string, number>();

  constructor(private readonly max = DEFAULT_MAX_OUTSTANDING_STATES) {
    if (!Number.isInteger(max) || max < 1) throw new RangeError(`maxOutstandingStates must be a whole number of at least 1, got ${max}.`);
  }

  issue(nonce: string, expires: number, now: number): void {
    if (this.outstanding.size >= this.max) {
      for (const [known, until] of this.outstanding) if (until < now) this.outstanding.delete(known);
    }
    while (this.outstanding.size >= this.max) {
      const oldest = this.outstanding.keys().next().value as string;
      this.outstanding.delete(oldest);
    }
    this.outstanding.set(nonce, expires);
  }

  consume(nonce: string, now: number): boolean {
    const until = this.outstanding.get(nonce);
    if (until === undefined) return false;
    this.outstanding.delete(nonce);
    return until >= now;
  }

  /** Outstanding nonces now (tests, status). */
  get size(): number {
    return this.outstanding.size;
  }
}
