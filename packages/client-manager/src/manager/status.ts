// The status line of one server as `ClientManager.status()` reports it, with an estimate of
// what its tool definitions cost in a model's context.
import type { TransportKind } from "../config/types";
import type { ServerState } from "../events";
import { toolListTokens } from "../registry/tool-list-cost";
import type { HostTool } from "../registry/types";
import type { ServerSession } from "./server-session";

/** One server's state as the host shows it. */
export interface ServerStatus {
  name: string;
  state: ServerState;
  /** Registered tools (0 unless connected). */
  tools: number;
  resources: number;
  prompts: number;
  /** The transport in use (`sse` after a Streamable HTTP fallback). */
  transport: TransportKind;
  /** Command line or URL. */
  target: string;
  lastError?: string;
  /** ISO time of the last error. */
  lastErrorAt?: string;
  serverInfo?: { name: string; version: string };
  /** The protocol revision the server spoke on its last connection (`2026-07-28`, `2025-11-25`, …). */
  protocolVersion?: string;
  /** Notifications of this server dropped over the relay limit (present once there were any). */
  droppedNotifications?: number;
  /** Estimated tokens of this server's tool definitions as tools/list sends them, annotations included (see toolListTokens). */
  toolTokens: number;
}

/** Builds the status of `session`, whose registered tools are `tools`. */
export function serverStatus(session: ServerSession, tools: HostTool[], droppedNotifications = 0): ServerStatus {
  const status: ServerStatus = {
    name: session.name,
    state: session.state,
    tools: session.state === "connected" ? tools.length : 0,
    resources: session.state === "connected" ? session.resourceCount : 0,
    prompts: session.state === "connected" ? session.promptCount : 0,
    transport: session.transport,
    target: session.target,
    toolTokens: toolListTokens(tools.map((tool) => ({ ...tool, name: tool.hostName }))),
  };
  if (session.lastError !== undefined) status.lastError = session.lastError;
  if (session.lastErrorAt !== undefined) status.lastErrorAt = session.lastErrorAt;
  if (session.serverInfo !== undefined) status.serverInfo = session.serverInfo;
  if (session.protocolVersion !== undefined) status.protocolVersion = session.protocolVersion;
  if (droppedNotifications > 0) status.droppedNotifications = droppedNotifications;
  return status;
}
