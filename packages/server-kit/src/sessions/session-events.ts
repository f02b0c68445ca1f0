// The SDK transport's EventStore for one HTTP request of a 2025-era session: every SSE event the
// transport writes (its priming event, progress, the answer) is first logged in the host's
// StreamEventRows under `<stream id>.<sequence number>`, which becomes the event's SSE id. The log
// is in the host's store, so a client whose stream was cut resumes on any instance (stream-resume.ts).
// Appends of one stream run one after another, so on every instance an answer that is visible
// means every event before it is too. They run outside any tool's transaction (a paid tool's
// progress would otherwise be held back, or lost, with that transaction).
import { AsyncLocalStorage } from "node:async_hooks";
import type { EventStore } from "@modelcontextprotocol/sdk/server/streamableHttp.js";
import type { JSONRPCMessage } from "@modelcontextprotocol/sdk/types.js";
import type { StreamEventRows } from "./session-rows";

/** An SSE event id of this endpoint: the stream's id (the SDK's UUID) and the event's number. */
const EVENT_ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.(\d{1,6})$/;

/** The stream and sequence number an event id names, or undefined for an id this endpoint never sent. */
export function parseEventId(eventId: string): { streamId: string; seq: number } | undefined {
  const match = EVENT_ID.exec(eventId);
  return match ? { streamId: match[1]!, seq: Number(match[2]) } : undefined;
}

/** The SSE id of event `seq` of `streamId`. */
export const eventIdOf = (streamId: string, seq: number): string => `${streamId}.${seq}`;

const isAnswer = (message: JSONRPCMessage): boolean => "id" in message && !("method" in message);

/** Logs the events of one request's stream(s) for `sessionId`. */
export class SessionEventStore implements EventStore {
  // One request has one stream (at most a few for a batch), so these stay tiny and die with it.
  private readonly nextSeq = new Map<string, number>();
  private readonly chains = new Map<string, Promise<void>>();
  private readonly outsideTransactions = AsyncLocalStorage.snapshot();

  constructor(
    private readonly log: StreamEventRows,
    private readonly sessionId: string,
    private readonly onLogError: (error: unknown) => void,
  ) {}

  async storeEvent(streamId: string, message: JSONRPCMessage): Promise<string> {
    const seq = this.nextSeq.get(streamId) ?? 0;
    this.nextSeq.set(streamId, seq + 1);
    const final = isAnswer(message);
    const append = this.outsideTransactions(() =>
      (this.chains.get(streamId) ?? Promise.resolve()).then(() =>
        this.log.append(this.sessionId, streamId, seq, JSON.stringify(message), final),
      ),
    );
    this.chains.set(streamId, append.catch(() => undefined));
    try {
      await append;
    } catch (error) {
      // A notification the log refuses is not sent (the SDK drops it); the answer always is.
      this.onLogError(error);
      if (!final) throw error;
    }
    return eventIdOf(streamId, seq);
  }

  /** Resumption is the endpoint's own GET handler (stream-resume.ts), which reads the log of any instance. */
  async replayEventsAfter(): Promise<string> {
    throw new Error("resumption is served by stream-resume.ts, not by the SDK transport");
  }
}
