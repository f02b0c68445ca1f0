// The live status of a running the aggregating server, served as the resource `<name>://status` and read by
// a host's status command (foya status): each server's state, transport, protocol revision, tools, last error, calls, failed calls and the
// median latency of its recent calls, and the notifications not relayed over the rate limit. Rows come from the registry view (rebuilt once per change)
// and call figures from the manager's call_finished events, so reading it walks nothing per call.
import type { HostEvent } from "../events";
import type { RegistryView } from "./registry-view";
import type { AggregatorVoice } from "./voice";

/** The URI of the status resource (outside the `<name>://<server>/<uri>` namespace: no slash). */
export const statusUriOf = (voice: AggregatorVoice): string => `${voice.name}://status`;

/** How many recent call durations per server the p50 is taken over. */
export const LATENCY_WINDOW = 256;

/** One server's row of the status document. */
export interface ServeStatusRow {
  name: string;
  state: string;
  transport: string;
  /** The protocol revision the server spoke on its last connection (`2026-07-28`, `2025-11-25`, …); null before one. */
  protocol: string | null;
  tools: number;
  lastError: string | null;
  calls: number;
  failedCalls: number;
  /** Median duration (ms) of the last {@link LATENCY_WINDOW} calls; null before the first. */
  p50Ms: number | null;
  /** Notifications of this server not relayed: over the per-server limit (client-manager's notificationLimit). */
  droppedNotifications: number;
}

/** The document behind `<name>://status`. */
export interface ServeStatusDocument {
  pid: number;
  startedAt: string;
  /** Downstream sessions connected now (1 on stdio). */
  sessions: number;
  servers: ServeStatusRow[];
}

interface CallFigures {
  calls: number;
  failed: number;
  dropped: number;
  recent: number[];
  next: number;
}

/** Whether `uri` names the status resource. */
export function isStatusUri(voice: AggregatorVoice, uri: string): boolean {
  return uri === statusUriOf(voice);
}

/** The resources/list entry of the status resource. */
export function statusResource(voice: AggregatorVoice): { uri: string; name: string; description: string; mimeType: string } {
  return {
    uri: statusUriOf(voice),
    name: `${voice.name}/status`,
    description: `Live status of this ${voice.process}: each server's state, tools, last error, calls and p50 latency (JSON).`,
    mimeType: "application/json",
  };
}

function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? null;
}

/** Call figures per server, fed with manager events, and the document they make with `view`. */
export function createServeStatus(view: RegistryView, sessions: () => number): { onEvent(event: HostEvent): void; document(): ServeStatusDocument } {
  const startedAt = new Date().toISOString();
  const figures = new Map<string, CallFigures>();
  return {
    onEvent(event) {
      if (event.type === "server_removed") figures.delete(String(event.server));
      if (event.type !== "call_finished" && event.type !== "notifications_dropped") return;
      const server = String(event.server);
      let entry = figures.get(server);
      if (!entry) figures.set(server, (entry = { calls: 0, failed: 0, dropped: 0, recent: [], next: 0 }));
      if (event.type === "notifications_dropped") {
        entry.dropped += event.dropped;
        return;
      }
      entry.calls++;
      if (event.isError === true) entry.failed++;
      // A ring of the last LATENCY_WINDOW durations: bounded, and the p50 follows recent calls.
      entry.recent[entry.next] = Number(event.durationMs);
      entry.next = (entry.next + 1) % LATENCY_WINDOW;
    },
    document() {
      return {
        pid: process.pid,
        startedAt,
        sessions: sessions(),
        servers: view.servers().map((row) => {
          const entry = figures.get(row.name);
          return {
            name: row.name,
            state: row.state,
            transport: row.transport,
            protocol: row.protocolVersion ?? null,
            tools: row.tools,
            lastError: row.lastError ?? null,
            calls: entry?.calls ?? 0,
            failedCalls: entry?.failed ?? 0,
            p50Ms: entry ? median(entry.recent) : null,
            droppedNotifications: entry?.dropped ?? 0,
          };
        }),
      };
    },
  };
}
