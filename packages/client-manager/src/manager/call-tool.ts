// One host tool call, step by step: registry lookup, exposed-set check, session policy,
// approval, server availability, the request with its timeout, and the resend-after-reconnect
// rule (read-only or idempotent tools only). Every outcome is a UnifiedToolResult and an event.
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { RequestOptions } from "@modelcontextprotocol/sdk/shared/protocol.js";
import type { TraceParent } from "@foundry-mcp/telemetry";
import { now, type HostEvent } from "../events";
import type { ApprovalGateway } from "../policy/approval";
import type { ToolPolicy } from "../policy/tool-policy";
import type { ToolRegistry } from "../registry/tool-registry";
import type { HostTool, UnifiedToolResult } from "../registry/types";
import { classifyFailure, failureResult, hostErrorResult, isResendable, isUndelivered, toolResult, type NotResentReason } from "./results";
import type { ServerSession } from "./server-session";

/** Per-call options of `ClientManager.callTool`. */
export interface CallToolOptions {
  /** The set exposed to the model in this step; a tool outside it is refused. */
  exposed?: Set<string> | HostTool[];
  /** The session tool policy; a denied tool is refused. */
  policy?: ToolPolicy;
  signal?: AbortSignal;
  /** Receives the server's progress notifications for this call (a progress token is sent). */
  onProgress?: (progress: CallProgress) => void;
  /** Overrides the server's call timeout. */
  timeoutMs?: number;
  /**
   * The trace context the call is made for (an aggregating server passes its request's:
   * @foundry-mcp/telemetry's traceParentOf). It travels in the request's params._meta, where the
   * upstream call's client span takes it as parent and passes its own on.
   */
  trace?: TraceParent;
}

/** One progress notification of a call. */
export interface CallProgress {
  progress: number;
  total?: number;
  message?: string;
}

/**
 * Default timeout of one call: 50 s, below the MCP SDK's 60 s default request timeout, so that
 * a host fronted by an SDK client (`foya serve`) answers with its own clear error before the
 * client in front gives up.
 */
export const DEFAULT_CALL_TIMEOUT_MS = 50_000;

/** What the call needs from the manager. */
export interface CallContext {
  closed: boolean;
  registry: ToolRegistry;
  approval: ApprovalGateway | undefined;
  session: (server: string) => ServerSession | undefined;
  unavailable: (session: ServerSession) => string;
  timeoutFor: (server: string) => number;
  target: (server: string) => { transport: string; target: string };
  nextCallId: () => number;
  emit: (event: HostEvent) => void;
}

function refuse(context: CallContext, identity: { hostName: string; server?: string; tool?: string }, code: string, reason: string): UnifiedToolResult {
  context.emit({ type: "call_refused", ...identity, errorCode: code, reason, at: now() });
  return hostErrorResult(identity, code, reason);
}

function isExposed(exposed: Set<string> | HostTool[], hostName: string): boolean {
  return exposed instanceof Set ? exposed.has(hostName) : exposed.some((tool) => tool.hostName === hostName);
}

async function gate(context: CallContext, tool: HostTool, args: Record<string, unknown>, options: CallToolOptions): Promise<UnifiedToolResult | undefined> {
  if (options.exposed && !isExposed(options.exposed, tool.hostName)) {
    return refuse(context, tool, ClientManagerErrorCode.TOOL_NOT_EXPOSED, `${tool.hostName} is not exposed in this step; call only the tools you were given`);
  }
  const decision = options.policy?.decide(tool.server, tool.tool);
  if (decision && !decision.allowed) {
    const why = decision.pattern ? `denied by pattern "${decision.pattern}"` : "not in the session's allow list";
    return refuse(context, tool, ClientManagerErrorCode.TOOL_DENIED, `${tool.hostName} is ${why}`);
  }
  if (context.approval) {
    const { transport, target } = context.target(tool.server);
    const request = { hostName: tool.hostName, tool: tool.tool, server: tool.server, transport, target, arguments: args, ...(tool.annotations ? { annotations: tool.annotations } : {}) };
    const verdict = await context.approval.decide(request);
    context.emit({ type: "approval", hostName: tool.hostName, server: tool.server, tool: tool.tool, approved: verdict.approved, reason: verdict.reason, at: now() });
    if (!verdict.approved) return refuse(context, tool, ClientManagerErrorCode.APPROVAL_DENIED, `${tool.hostName} was not approved (${verdict.reason})`);
  }
  return undefined;
}

// Not async: both callers await it inside a try, which also catches the throw for a missing client.
function send(session: ServerSession, tool: HostTool, args: Record<string, unknown>, timeoutMs: number, options: CallToolOptions): Promise<Record<string, unknown>> {
  const client = session.client;
  if (!client) throw new Error(`Server "${tool.server}" is not connected`);
  const direct = session.directCalls;
  if (direct && !options.onProgress && direct.takes(tool)) {
    return direct.callTool(options.trace ? { name: tool.tool, arguments: args, _meta: { ...options.trace } } : { name: tool.tool, arguments: args }, timeoutMs, options.signal);
  }
  const request: RequestOptions = { timeout: timeoutMs };
  if (options.signal) request.signal = options.signal;
  if (options.onProgress) request.onprogress = options.onProgress;
  const params = options.trace ? { name: tool.tool, arguments: args, _meta: { ...options.trace } } : { name: tool.tool, arguments: args };
  return client.callTool(params, undefined, request);
}

/**
 * A request threw. A lost connection fails the session; the call is then resent once after the
 * next reconnect when that is safe (tool read-only/idempotent, or the request never reached the
 * server), and fails as soon as that reconnect attempt fails rather than at the call's timeout.
 */
async function afterFailure(
  session: ServerSession,
  tool: HostTool,
  args: Record<string, unknown>,
  error: unknown,
  started: number,
  timeoutMs: number,
  options: CallToolOptions,
): Promise<UnifiedToolResult> {
  const { signal } = options;
  if (ClientManagerError.isInstance(error) && error.code === ClientManagerErrorCode.AUTH_REQUIRED) {
    // Tokens revoked or a scope step-up needed: a person must sign in; retrying cannot help.
    await session.requireLogin(error);
    return hostErrorResult(tool, error.code, error.message, Date.now() - started);
  }
  const kind = classifyFailure(error, signal);
  if (kind === "timeout") void session.checkHealth();
  if (kind !== "connection") return failureResult(tool, kind, error, Date.now() - started, timeoutMs);
  await session.fail(error);
  if (!isResendable(tool) && !isUndelivered(error)) return failureResult(tool, kind, error, Date.now() - started, timeoutMs);
  const remaining = timeoutMs - (Date.now() - started);
  const outcome = remaining > 0 ? await session.awaitReconnect(remaining, signal) : "timed_out";
  if (signal?.aborted) return failureResult(tool, "aborted", error, Date.now() - started, timeoutMs);
  if (outcome !== "connected") {
    const lastError = session.lastError ? { lastError: session.lastError } : {};
    const why: NotResentReason = outcome === "failed" ? { reason: "reconnect_failed", ...lastError } : outcome === "not_retried" ? { reason: outcome, ...lastError } : { reason: outcome };
    return failureResult(tool, kind, error, Date.now() - started, timeoutMs, why);
  }
  try {
    return { ...toolResult(tool, await send(session, tool, args, timeoutMs - (Date.now() - started), options), Date.now() - started), resent: true };
  } catch (retryError) {
    return { ...failureResult(tool, classifyFailure(retryError, signal), retryError, Date.now() - started, timeoutMs, { reason: "resent" }), resent: true };
  }
}

/** Runs one call; never rejects. */
export async function runToolCall(context: CallContext, hostName: string, args: Record<string, unknown>, options: CallToolOptions): Promise<UnifiedToolResult> {
  if (context.closed) return refuse(context, { hostName }, ClientManagerErrorCode.MANAGER_CLOSED, "The client manager is closed; create a new one");
  let tool = context.registry.get(hostName);
  if (!tool) {
    // A server in error has no tools in the registry; say so rather than "unknown tool". When a
    // reconnect is under way (its loss was seen before this call), wait for that one attempt.
    const server = /^mcp__(.+?)__/.exec(hostName)?.[1];
    const owner = server === undefined ? undefined : context.session(server);
    if (owner && owner.state === "error" && (await owner.awaitReconnect(options.timeoutMs ?? context.timeoutFor(owner.name), options.signal)) === "connected") {
      tool = context.registry.get(hostName);
    }
    if (!tool && owner && owner.state !== "connected") {
      return refuse(context, { hostName, server: owner.name }, ClientManagerErrorCode.SERVER_UNAVAILABLE, context.unavailable(owner));
    }
  }
  if (!tool) {
    return refuse(context, { hostName }, ClientManagerErrorCode.TOOL_NOT_FOUND, `No tool named ${hostName} in the registry; list tools() for the current names`);
  }
  // Most calls have nothing to gate (foya serve decides approvals itself): no await for them.
  if (options.exposed || options.policy || context.approval) {
    const refused = await gate(context, tool, args, options);
    if (refused) return refused;
  }
  const session = context.session(tool.server);
  if (!session || session.state !== "connected") {
    const message = session ? context.unavailable(session) : `Server "${tool.server}" is not configured`;
    return refuse(context, tool, ClientManagerErrorCode.SERVER_UNAVAILABLE, message);
  }
  const callId = context.nextCallId();
  const timeoutMs = options.timeoutMs ?? context.timeoutFor(tool.server);
  const started = Date.now();
  context.emit({ type: "call_started", callId, hostName, server: tool.server, tool: tool.tool, arguments: args, at: now() });
  let result: UnifiedToolResult;
  try {
    result = toolResult(tool, await send(session, tool, args, timeoutMs, options), Date.now() - started);
  } catch (error) {
    result = await afterFailure(session, tool, args, error, started, timeoutMs, options);
  }
  const finished: HostEvent = { type: "call_finished", callId, hostName, server: tool.server, tool: tool.tool, isError: result.isError, durationMs: result.durationMs, at: now() };
  if (result.errorCode) finished.errorCode = result.errorCode;
  if (result.resent) finished.resent = true;
  context.emit(finished);
  return result;
}
