// The manager's event stream: every status change, registry change, call and approval, as plain
// objects a host can log or forward. Arguments appear; tokens and headers never do.
import type { LoggingLevel } from "@modelcontextprotocol/sdk/types.js";

/** Connection states of a server (SPEC §3 Lifecycle step 7). */
export type ServerState = "connecting" | "connected" | "error" | "disabled";

/** Every event the manager emits under "event" (and under its own `type`). */
export type HostEvent =
  | { type: "status"; server: string; state: ServerState; previous: ServerState | "new"; error?: string; at: string }
  | { type: "server_removed"; server: string; at: string }
  | { type: "tools_changed"; server: string; added: string[]; removed: string[]; total: number; at: string }
  | { type: "reconnect_scheduled"; server: string; attempt: number; delayMs: number; at: string }
  | { type: "call_started"; callId: number; hostName: string; server: string; tool: string; arguments: Record<string, unknown>; at: string }
  | { type: "call_finished"; callId: number; hostName: string; server: string; tool: string; isError: boolean; errorCode?: string; durationMs: number; resent?: boolean; at: string }
  | { type: "call_refused"; hostName: string; server?: string; tool?: string; errorCode: string; reason: string; at: string }
  | { type: "approval"; hostName: string; server: string; tool: string; approved: boolean; reason: string; at: string }
  | { type: "stderr"; server: string; line: string; at: string }
  | { type: "log"; server: string; level: LoggingLevel; logger?: string; data: unknown; at: string }
  | { type: "resource_updated"; server: string; uri: string; at: string }
  /** Notifications of `method` from `server` dropped over the relay limit since the last such event (at most one a second). */
  | { type: "notifications_dropped"; server: string; method: string; dropped: number; limit: { perSecond: number; burst: number }; at: string };

/** The names `on()` accepts: "event" for all, or one event type. */
export type HostEventName = "event" | HostEvent["type"];

type Listener = (event: HostEvent) => void;

/** A tiny runtime-neutral emitter; a throwing listener never breaks the manager. */
export class HostEventEmitter {
  private readonly listeners = new Map<HostEventName, Set<Listener>>();

  /** Subscribes; returns the unsubscribe function. */
  on(name: HostEventName, listener: Listener): () => void {
    let set = this.listeners.get(name);
    if (!set) this.listeners.set(name, (set = new Set()));
    set.add(listener);
    return () => this.off(name, listener);
  }

  off(name: HostEventName, listener: Listener): void {
    this.listeners.get(name)?.delete(listener);
  }

  protected emit(event: HostEvent): void {
    // Two calls, not a loop over a fresh array: a tool call emits twice, and this runs on its path.
    this.notify(this.listeners.get("event"), event);
    this.notify(this.listeners.get(event.type), event);
  }

  private notify(listeners: Set<Listener> | undefined, event: HostEvent): void {
    if (listeners === undefined) return;
    for (const listener of listeners) {
      try {
        listener(event);
      } catch {
        // A host's listener bug must not break connection handling.
      }
    }
  }
}

// The ISO text of the current second ("2026-12-02T00:17:34."), made once per second: every call
// stamps two events, and formatting a Date each time was the largest single cost the manager
// added to a call. The milliseconds are appended, so each stamp stays exact.
let stampSecond = Number.NaN;
let stampPrefix = "";

/** The current time as an ISO string (`new Date().toISOString()`'s text), for event stamps. */
export function now(): string {
  const time = Date.now();
  const second = Math.floor(time / 1000);
  if (second !== stampSecond) {
    stampSecond = second;
    stampPrefix = new Date(second * 1000).toISOString().slice(0, -4);
  }
  const millis = time - second * 1000;
  return `${stampPrefix}${millis < 10 ? "00" : millis < 100 ? "0" : ""}${millis}Z`;
}
