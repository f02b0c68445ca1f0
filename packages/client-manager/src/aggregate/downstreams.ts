// Every downstream session of one aggregating server (one on stdio, several over HTTP) over one manager:
// one registry view, one status document and one subscription to the manager's events, fanned
// out to the live sessions. Upstream requests (elicitation, sampling, roots) go to the session
// that opened last and is still connected: an upstream server has one client, and the newest
// session is the person's current one.
import type { HostEvent } from "../events";
import { createAggregatingServer, type AggregatingServer, type AggregatingServerOptions } from "./aggregating-server";
import { createRegistryView } from "./registry-view";
import { createServeStatus, type ServeStatusDocument } from "./status";
import type { UpstreamRequests } from "./upstream-requests";
import { AGGREGATOR_VOICE, type AggregatorVoice } from "./voice";
import { ErrorCode, McpError } from "@modelcontextprotocol/sdk/types.js";

/** Options of {@link createDownstreams}: every session's server's, but the view and status they share. */
export type DownstreamsOptions = Omit<AggregatingServerOptions, "view" | "status">;

/** The sessions and what they share. */
export interface Downstreams {
  /** A new session's server (the caller connects its transport); it leaves the set when it closes. */
  open(): AggregatingServer;
  /**
   * The one server every 2026-07-28 HTTP request goes through (stateless: no client to ask, no
   * stream to notify). It follows registry changes but is no session: upstream requests never go to it.
   */
  openStateless(): AggregatingServer;
  /** Upstream requests, put to the newest connected session. */
  upstream: UpstreamRequests;
  /** Announces registry changes to every session, once per burst of events (50 ms). */
  scheduleAnnounce(): void;
  status(): ServeStatusDocument;
  /** How the sessions name themselves (the options' voice, or AGGREGATOR_VOICE). */
  voice: AggregatorVoice;
  closeAll(): Promise<void>;
}

const ANNOUNCE_DEBOUNCE_MS = 50;
/** How long a status read waits for its probes of remote servers (a refused connection settles at once). */
export const STATUS_PROBE_WAIT_MS = 1000;

/** The shared state of one serve process's downstream sessions. */
export function createDownstreams(options: DownstreamsOptions): Downstreams {
  const { manager } = options;
  const voice = options.voice ?? AGGREGATOR_VOICE;
  const view = createRegistryView(manager);
  const live: AggregatingServer[] = [];
  const stateless: AggregatingServer[] = [];
  const status = createServeStatus(view, () => live.length);
  manager.on("event", (event: HostEvent) => {
    status.onEvent(event);
    if (event.type === "log" || event.type === "resource_updated") for (const session of live) session.forwardEvent(event);
    // A flood is told once a second, coalesced, as a warning from that server's logger (the voice's name).
    if (event.type === "notifications_dropped") {
      const data = `${voice.name} dropped ${event.dropped} ${event.method} from "${event.server}": over the limit of ${event.limit.perSecond} a second (burst ${event.limit.burst}).`;
      for (const session of live) session.forwardEvent({ type: "log", server: event.server, level: "warning", logger: voice.name, data, at: event.at });
    }
  });
  // A status read probes remote servers first: one killed without a word would otherwise read "connected" until the next ping.
  const probedStatus = async (): Promise<ServeStatusDocument> => {
    await manager.probeRemoteServers(STATUS_PROBE_WAIT_MS);
    return status.document();
  };
  const newest = (): AggregatingServer => {
    const session = live.at(-1);
    if (!session) throw new McpError(ErrorCode.InvalidRequest, `${voice.process} has no client connected yet`);
    return session;
  };
  let announceTimer: NodeJS.Timeout | undefined;

  return {
    open() {
      const session = createAggregatingServer({ ...options, view, status: probedStatus });
      live.push(session);
      // The newest session's roots are now the ones upstreams get: tell them to ask again.
      session.server.oninitialized = () => {
        if (session.server.getClientCapabilities()?.roots !== undefined) void manager.notifyRootsChanged();
      };
      session.server.onclose = () => {
        const index = live.indexOf(session);
        if (index !== -1) live.splice(index, 1);
      };
      return session;
    },
    openStateless() {
      const session = createAggregatingServer({ ...options, view, status: probedStatus });
      stateless.push(session);
      session.server.onclose = () => void stateless.splice(stateless.indexOf(session), 1);
      return session;
    },
    upstream: {
      elicitation: (request) => (live.length === 0 ? Promise.resolve({ action: "decline" }) : newest().upstream.elicitation(request)),
      sampling: async (request, signal) => newest().upstream.sampling(request, signal),
      // Before any client (an upstream asks at its start), no roots; the client's come with roots/list_changed.
      roots: async (server, signal) => (live.length === 0 ? { roots: [] } : newest().upstream.roots(server, signal)),
    },
    scheduleAnnounce() {
      if (announceTimer) clearTimeout(announceTimer);
      announceTimer = setTimeout(() => {
        announceTimer = undefined;
        for (const session of [...live, ...stateless]) void session.announceChanges();
      }, ANNOUNCE_DEBOUNCE_MS);
    },
    status: () => status.document(),
    voice,
    async closeAll() {
      if (announceTimer) clearTimeout(announceTimer);
      await Promise.all([...live, ...stateless].map((session) => session.server.close().catch(() => undefined)));
    },
  };
}
