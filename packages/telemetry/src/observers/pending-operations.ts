// Operations waiting for their answer, keyed by JSON-RPC id (a number 1 and a string "1" are
// different requests). Bounded: past MAX_PENDING_OPERATIONS a new request is not measured, so a
// peer that never answers cannot grow the table without limit.
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

  /** False when the table is full or the id unusable: the caller then does not measure. */
  hasRoom(id: unknown): boolean {
    return keyOf(id) !== undefined && this.byId.size < MAX_PENDING_OPERATIONS;
  }

  add(id: unknown, operation: Operation): void {
    const key = keyOf(id);
    if (key !== undefined) this.byId.set(key, operation);
  }

  /** Ends the operation `response` answers, if one waits. */
  answer(response: unknown): void {
    const key = keyOf(responseId(response));
    if (key === undefined) return;
    const operation = this.byId.get(key);
    if (!operation) return;
    this.byId.delete(key);
    operation.end(outcomeOf(response));
  }

  /** Ends one waiting operation with `errorType` (a cancelled request gets no answer). */
  abandon(id: unknown, errorType: string): void {
    const key = keyOf(id);
    const operation = key === undefined ? undefined : this.byId.get(key);
    if (!operation || key === undefined) return;
    this.byId.delete(key);
    operation.end({ errorType, refusalCode: errorType });
  }

  /** Ends every waiting operation (the connection closed). */
  abandonAll(errorType: string): void {
    for (const operation of this.byId.values()) operation.end({ errorType, refusalCode: errorType });
    this.byId.clear();
  }
}
