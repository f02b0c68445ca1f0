// The operator's side of an HTTP MCP endpoint (issue #33), mounted by each app's router in two
// lines: `intercept` (health routes, refusals while draining, one tracked entry per request) and
// `admitted` (what the request is, once the edge parsed it). `drain` is what SIGTERM starts:
// readiness false at once, new requests refused with a clear 503, in-flight calls and their SSE
// streams left to finish up to the deadline; whatever is still open then gets a JSON-RPC error
// naming the shutdown (never a silently cut connection), and listening GET streams end cleanly.
import { randomUUID } from "node:crypto";
import type http from "node:http";
import { jsonRpcError, sendJson } from "../http-edge";
import { createHealthRoutes, type ReadinessCheck } from "./health-routes";
import { requestFactsOf, type RequestFacts } from "./request-facts";
import type { LogLevel, StructuredLog } from "./structured-log";

/** `--drain-seconds` when not given: inside Kubernetes' default 30 s grace period. */
export const DEFAULT_DRAIN_SECONDS = 20;
/** The largest `--drain-seconds` accepted: a shutdown never waits longer than ten minutes. */
export const MAX_DRAIN_SECONDS = 600;
/** JSON-RPC code of the refusals a draining process gives (new requests, calls past the deadline). */
export const SHUTTING_DOWN_CODE = -32000;

/** Options of {@link createHttpOperations}. */
export interface HttpOperationsOptions {
  log: StructuredLog;
  /** Readiness checks in order (see health-routes.ts). */
  checks: readonly ReadinessCheck[];
  /** How long a drain waits for in-flight requests, 0 to {@link MAX_DRAIN_SECONDS}. */
  drainSeconds: number;
}

/** What a drain did: requests that finished by themselves, and those answered with the deadline error. */
export interface DrainReport {
  finished: number;
  refusedAtDeadline: number;
  streamsEnded: number;
}

/** See {@link createHttpOperations}. */
export interface HttpOperations {
  /** Answers health routes and refusals while draining (true: answered); else tracks the request. */
  intercept(req: http.IncomingMessage, res: http.ServerResponse): boolean;
  /** What an admitted request is (its parsed body) and whose (workspace), for the log and the deadline error. */
  admitted(res: http.ServerResponse, body: unknown, workspace?: string): void;
  readonly draining: boolean;
  /** Starts draining (once; later calls return the same promise). */
  drain(): Promise<DrainReport>;
  /** Ends a drain now, as its deadline would (a second SIGTERM). */
  endDrainNow(): void;
}

interface Entry {
  req: http.IncomingMessage;
  res: http.ServerResponse;
  started: number;
  requestId: string;
  /** The parsed body, once admitted; its facts are read only when a json record or a deadline refusal needs them. */
  body?: unknown;
  facts?: RequestFacts;
  workspace?: string;
  drained?: boolean;
}

// How long the last answers of a drain may take to leave their sockets.
const FLUSH_MS = 1000;
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The request's facts (body and traceparent header), read once and only when needed. */
const factsOf = (entry: Entry): RequestFacts => {
  const traceparent = entry.req.headers.traceparent;
  return (entry.facts ??= requestFactsOf(entry.body, typeof traceparent === "string" ? traceparent : undefined));
};

// Shared by every request's response: a transport writing after the deadline ended it must not crash the process.
const ignoreError = (): undefined => undefined;

const outcomeOf = (entry: Entry): { outcome: string; level: LogLevel } => {
  if (entry.drained) return { outcome: "drained", level: "warn" };
  if (!entry.res.writableFinished) return { outcome: "cut", level: "warn" };
  const status = entry.res.statusCode;
  if (status >= 500) return { outcome: "error", level: "error" };
  if (status >= 400) return { outcome: "refused", level: "warn" };
  return { outcome: "ok", level: "info" };
};

/** Validates `--drain-seconds`; the Error names the flag, the bound and the value. */
export function parseDrainSeconds(value: string | undefined, flag = "--drain-seconds"): number {
  if (value === undefined) return DEFAULT_DRAIN_SECONDS;
  const seconds = Number(value);
  if (!/^\d+$/.test(value) || seconds > MAX_DRAIN_SECONDS)
    throw new Error(`${flag} must be a whole number of seconds from 0 to ${MAX_DRAIN_SECONDS}; got "${value.slice(0, 40)}"`);
  return seconds;
}

/**
 * Health, drain and the request log of one HTTP endpoint.
 * @example const ops = createHttpOperations({ log, checks, drainSeconds: 20 }); // in the router: if (ops.intercept(req, res)) return;
 */
export function createHttpOperations(options: HttpOperationsOptions): HttpOperations {
  const { log } = options;
  const open = new Map<http.ServerResponse, Entry>();
  let draining = false;
  let drainPromise: Promise<DrainReport> | undefined;
  let wake: (() => void) | undefined;
  let endNow: () => void = () => undefined;
  const health = createHealthRoutes(options.checks, () => draining);
  const shutdownMessage = `Server is shutting down: this instance takes no new requests (drain deadline ${options.drainSeconds} s); send the request again, to another instance if there is one`;
  let deadlineMessage = `Server is shutting down: the request did not finish within the drain deadline (${options.drainSeconds} s); send it again`;

  const finish = (entry: Entry): void => {
    open.delete(entry.res);
    wake?.();
    // The request record exists in json format only: in text format nothing of it is built.
    if (log.format !== "json") return;
    const { outcome, level } = outcomeOf(entry);
    const facts = factsOf(entry);
    log.record(level, {
      msg: "request",
      request_id: entry.requestId,
      trace_id: facts.traceId,
      http_method: entry.req.method,
      path: (entry.req.url ?? "/").split("?")[0],
      status: entry.res.statusCode,
      method: facts.method,
      tool: facts.tool,
      workspace: entry.workspace,
      duration_ms: Math.round((performance.now() - entry.started) * 10) / 10,
      outcome,
    });
  };
  const callsInFlight = (): Entry[] => [...open.values()].filter((entry) => entry.req.method !== "GET");

  const refuseAtDeadline = (entry: Entry): void => {
    entry.drained = true;
    const { ids } = factsOf(entry);
    const errors = (ids.length ? ids : [null]).map((id) => jsonRpcError(SHUTTING_DOWN_CODE, deadlineMessage, id));
    const { res } = entry;
    // With ids the errors are answers (200, as any JSON-RPC error): the client's request settles with them.
    if (!res.headersSent) return sendJson(res, ids.length ? 200 : 503, errors.length === 1 ? errors[0] : errors, { connection: "close" });
    if (String(res.getHeader("content-type") ?? "").includes("text/event-stream"))
      for (const error of errors) res.write(`event: message\ndata: ${JSON.stringify(error)}\n\n`);
    res.end();
  };

  return {
    get draining() {
      return draining;
    },
    intercept(req, res) {
      const pathname = (req.url ?? "/").split("?")[0] ?? "/";
      if (health(req, res, pathname)) return true;
      const offered = req.headers["x-request-id"];
      const entry: Entry = {
        req,
        res,
        started: performance.now(),
        requestId: typeof offered === "string" && REQUEST_ID.test(offered) ? offered : randomUUID(),
      };
      res.setHeader("x-request-id", entry.requestId);
      res.on("error", ignoreError);
      res.once("close", () => finish(entry));
      open.set(res, entry);
      if (!draining) return false;
      sendJson(res, 503, jsonRpcError(SHUTTING_DOWN_CODE, shutdownMessage), { connection: "close", "retry-after": "1" });
      return true;
    },
    admitted(res, body, workspace) {
      const entry = open.get(res);
      if (!entry) return;
      entry.body = body;
      if (workspace !== undefined) entry.workspace = workspace;
    },
    drain() {
      drainPromise ??= (async () => {
        draining = true;
        const started = callsInFlight().length;
        for (const entry of open.values()) if (!entry.res.headersSent) entry.res.setHeader("connection", "close");
        log.write("info", `draining: ${started} requests in flight, waiting up to ${options.drainSeconds} s`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, options.drainSeconds * 1000);
          const check = (): void => {
            if (callsInFlight().length > 0) return;
            clearTimeout(timer);
            resolve();
          };
          wake = check;
          endNow = () => {
            deadlineMessage = "Server is shutting down: a second signal ended the drain before the request finished; send it again";
            clearTimeout(timer);
            resolve();
          };
          check();
        });
        wake = undefined;
        const late = callsInFlight();
        for (const entry of late) refuseAtDeadline(entry);
        const streams = [...open.values()].filter((entry) => entry.req.method === "GET");
        for (const entry of streams) entry.res.end();
        // The refusals and stream ends are queued on their sockets: let them flush (bounded) before the caller closes them.
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, FLUSH_MS);
          wake = () => {
            if (open.size > 0) return;
            clearTimeout(timer);
            resolve();
          };
          wake();
        });
        wake = undefined;
        const report = { finished: started - late.length, refusedAtDeadline: late.length, streamsEnded: streams.length };
        log.write("info", `drained: ${report.finished} finished, ${report.refusedAtDeadline} refused at the deadline, ${report.streamsEnded} streams ended`);
        // The drain's last lines go out before the caller closes the store and exits.
        log.flush();
        return report;
      })();
      return drainPromise;
    },
    endDrainNow() {
      endNow();
    },
  };
}
