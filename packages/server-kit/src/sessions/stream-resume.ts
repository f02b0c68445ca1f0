// GET /mcp with Last-Event-ID: a 2025-era client whose SSE stream was cut gets, on whichever
// instance it reaches, the events of that stream it missed, then the stream's end once the answer
// has been sent. The events come from the host's log (session-events.ts); while the call is still
// running elsewhere the log is read again every POLL_MS until the answer is in it, the session is
// gone or the client leaves. At most MAX_RESUMING such streams are open per process.
import type http from "node:http";
import { jsonRpcError, sendJson } from "../http-edge";
import type { StreamEventRows } from "./session-rows";
import { eventIdOf, parseEventId } from "./session-events";

/** How often a resumed stream looks for new events while its call runs on another instance. */
const POLL_MS = 100;
/** Resumed streams one process keeps open at once (each holds a connection and a poll). */
export const MAX_RESUMING = 1000;

let resuming = 0;

/** What the resumer needs besides the request: the log, the session, and whether it still exists. */
export interface ResumeContext {
  log: StreamEventRows;
  sessionId: string;
  /** False once the session has ended or idled out: the stream then ends. */
  sessionAlive: () => Promise<boolean>;
  /** The longest a resumed stream waits for its answer (the session idle time). */
  maxWaitMs: number;
}

/** Answers a GET that carries Last-Event-ID. */
export async function resumeStream(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  lastEventId: string,
  context: ResumeContext,
): Promise<void> {
  const cursor = parseEventId(lastEventId);
  const state = cursor ? await context.log.streamState(context.sessionId, cursor.streamId) : "unknown";
  if (!cursor || state === "unknown")
    return sendJson(
      res,
      404,
      jsonRpcError(-32001, "Stream not found: Last-Event-ID names no stream of this session that is still kept; send the request again"),
    );
  if (resuming >= MAX_RESUMING)
    return sendJson(
      res,
      503,
      jsonRpcError(-32000, `Too many resumed streams: this instance keeps at most ${MAX_RESUMING} open at once. Try again shortly.`),
      { "retry-after": "1" },
    );
  resuming++;
  let left = false;
  res.on("close", () => (left = true));
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache, no-transform" });
  res.flushHeaders();
  try {
    let seq = cursor.seq;
    let idlePolls = 0;
    const deadline = Date.now() + context.maxWaitMs;
    while (!left && Date.now() < deadline) {
      const events = await context.log.after(context.sessionId, cursor.streamId, seq);
      for (const event of events) {
        seq = event.seq;
        // The priming event has no message; its id alone already reached the client.
        if (event.message !== "{}")
          res.write(`event: message\nid: ${eventIdOf(cursor.streamId, event.seq)}\ndata: ${event.message}\n\n`);
        if (event.final) return;
      }
      if (events.length > 0) continue;
      // Answered before this resume began: every event is in the log already, none is left.
      if (state === "answered") return;
      // About once a second: a session ended or expired elsewhere ends its resumed streams.
      if (++idlePolls % 10 === 0 && !(await context.sessionAlive())) return;
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  } finally {
    resuming--;
    res.end();
  }
}
