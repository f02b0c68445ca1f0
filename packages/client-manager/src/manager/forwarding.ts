// What a host that fronts its servers (an aggregator such as `foya serve`) passes through besides
// tool calls: upstream log messages and resource updates (as events), the upstream's requests for
// a completion (sampling) and for the client's roots (answered by the host's callbacks), and the
// logging level the host's own client chose. One session's client is set up by
// `installForwarding`; the manager applies the level and roots changes to every session.
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { Transport } from "@modelcontextprotocol/sdk/shared/transport.js";
import {
  CreateMessageRequestSchema,
  ListRootsRequestSchema,
  LoggingMessageNotificationSchema,
  ResourceUpdatedNotificationSchema,
  type ClientCapabilities,
  type CreateMessageRequest,
  type CreateMessageResult,
  type ListRootsResult,
  type LoggingLevel,
} from "@modelcontextprotocol/sdk/types.js";

/** An upstream server's `sampling/createMessage` request, as the host's callback sees it. */
export interface SamplingRequest {
  server: string;
  params: CreateMessageRequest["params"];
}

/** The host's answers to requests servers send, and where their notifications go. */
export interface ForwardingOptions {
  /** Answers `sampling/createMessage`; without it the sampling capability is not declared. */
  onSampling?: (request: SamplingRequest, signal: AbortSignal) => Promise<CreateMessageResult>;
  /** Answers `roots/list`; without it the roots capability is not declared. */
  onListRoots?: (server: string, signal: AbortSignal) => Promise<ListRootsResult>;
}

/** An upstream `notifications/message`, tagged with its server. */
export interface UpstreamLog {
  server: string;
  level: LoggingLevel;
  logger?: string;
  data: unknown;
}

/** Where one session's notifications go (the manager turns them into events). */
export interface ForwardingSinks {
  log: (entry: UpstreamLog) => void;
  resourceUpdated: (server: string, uri: string) => void;
}

/** The client capabilities the forwarding options call for. */
export function forwardingCapabilities(options: ForwardingOptions | undefined): ClientCapabilities {
  const capabilities: ClientCapabilities = {};
  if (options?.onSampling) capabilities.sampling = {};
  if (options?.onListRoots) capabilities.roots = { listChanged: true };
  return capabilities;
}

/** Sets up one session's client: notifications to `sinks`, requests to the host's callbacks. */
export function installForwarding(client: Client, server: string, options: ForwardingOptions | undefined, sinks: ForwardingSinks): void {
  client.setNotificationHandler(LoggingMessageNotificationSchema, (notification) => {
    const { level, logger, data } = notification.params;
    sinks.log({ server, level, ...(logger === undefined ? {} : { logger }), data });
  });
  client.setNotificationHandler(ResourceUpdatedNotificationSchema, (notification) => sinks.resourceUpdated(server, notification.params.uri));
  const { onSampling, onListRoots } = options ?? {};
  if (onSampling) client.setRequestHandler(CreateMessageRequestSchema, (request, extra) => onSampling({ server, params: request.params }, extra.signal));
  if (onListRoots) client.setRequestHandler(ListRootsRequestSchema, (_request, extra) => onListRoots(server, extra.signal));
}

/** Sets the server's logging level when it declared logging; a refusal is the server's business. */
export async function applyLoggingLevel(client: Client, level: LoggingLevel | undefined): Promise<void> {
  if (level === undefined || !client.getServerCapabilities()?.logging) return;
  await client.setLoggingLevel(level).catch(() => undefined);
}

/**
 * The SDK runs notification handlers a microtask later but settles a response at once, dropping
 * the request's progress handler: a progress notification read in the same chunk as its response
 * (a tool that reports its last step and answers right away) was lost. Delivering each response
 * one microtask later lets the notifications read before it run first, in wire order. Public
 * for anyone driving the SDK's Client directly: call it after `connect`, which sets `onmessage`.
 *
 * @example await client.connect(transport); deliverProgressBeforeResponses(transport);
 */
export function deliverProgressBeforeResponses(transport: Transport): void {
  const deliver = transport.onmessage;
  if (!deliver) return;
  transport.onmessage = (message, extra) => {
    // A promise job rather than queueMicrotask, which on Node 20 makes an AsyncResource for each.
    if ("id" in message && !("method" in message)) void Promise.resolve().then(() => deliver(message, extra));
    else deliver(message, extra);
  };
}
