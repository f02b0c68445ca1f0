// Operations waiting for their answer, keyed by JSON-RPC id (a number 1 and a string "1" are
// different requests). Bounded: past MAX_PENDING_OPERATIONS a new request is not measured, so a
// peer that never answers cannot grow the table without limit.
// A peer may reuse an id still in flight (a JSON-RPC error on its side, but servers answer both):
// the later operations wait behind the first in `reused`, and answers end them in the order they
// started, so every request keeps its span and duration (overwriting lost the first one's).
// `reused` stays empty in a well-behaved connection: the common path is one Map lookup.
import type { Operation } from "../telemetry";
import { outcomeOf } from "../semconv";

/** Most requests one connection measures at once. */
export const MAX_PENDING_OPERATIONS = 4096;

// A Map keeps the number 1 and the string "1" apart by itself: the id is the key as it is.
function keyOf(id: unknown): string | number | undefined {
  return typeof id === "number" || typeof id === "string" ? id : undefined;
}

/** The JSON-RPC id of a response (result or error), else undefined. */
export function responseId(message: unknown): unknown {
  if (typeof message !== "object" || message === null) return undefined;
  const object = message as Record<string, unknown>;
  if (typeof object.method === "string" || !("result" in object || "error" in object)) return undefined;
  return object.id;
}

export class PendingOperations {
  private readonly byId = new Map<string | number, Operation>();
  /** Operations whose id was in flight when they started, oldest first, behind byId's. */
  private readonly reused = new Map<string | number, Operation[]>();
  private reusedCount = 0;

  /** False when the table is full or the id unusable: the caller then does not measure. */
  hasRoom(id: unknown): boolean {
    return keyOf(id) !== undefined && this.byId.size + this.reusedCount < MAX_PENDING_OPERATIONS;
  }

  add(id: unknown, operation: Operation): void {
    const key = keyOf(id);
    if (key === undefined) return;
    if (!this.byId.has(key)) {
      this.byId.set(key, operation);
      return;
    }
    const waiting = this.reused.get(key);
    if (waiting) waiting.push(operation);
    else this.reused.set(key, [operation]);
    this.reusedCount += 1;
  }

  /** Removes the oldest operation waiting under `key` (the next one with that id moves up). */
  private take(key: string | number): Operation | undefined {
    const operation = this.byId.get(key);
    if (!operation) return undefined;
    const waiting = this.reused.get(key);
    if (waiting === undefined) {
      this.byId.delete(key);
      return operation;
    }
    const next = waiting.shift() as Operation;
    this.reusedCount -= 1;
    if (waiting.length === 0) this.reused.delete(key);
    this.byId.set(key, next);
    return operation;
  }

  /** Ends the operation `response` answers, if one waits. */
  answer(response: unknown): void {
    const key = keyOf(responseId(response));
    if (key === undefined) return;
    this.take(key)?.end(outcomeOf(response));
  }

  /** Ends one waiting operation with `errorType` (a cancelled request gets no answer). */
  abandon(id: unknown, errorType: string): void {
    const key = keyOf(id);
    if (key === undefined) return;
    this.take(key)?.end({ errorType, refusalCode: errorType });
  }

  /** Ends every waiting operation (the connection closed). */
  abandonAll(errorType: string): void {
    const ending = { errorType, refusalCode: errorType };
    for (const operation of this.byId.values()) operation.end(ending);
    for (const waiting of this.reused.values()) for (const operation of waiting) operation.end(ending);
    this.byId.clear();
    this.reused.clear();
    this.reusedCount = 0;
  }
}
