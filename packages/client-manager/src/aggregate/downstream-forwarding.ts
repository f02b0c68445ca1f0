// What the aggregating server passes between its client and the upstream servers besides tools, prompts and
// resource reads: the client's logging level (to every upstream) and upstream log messages (to
// the client, logger `<server>` or `<server>/<logger>`); resource templates under
// `<name>://<server>/<template>`; subscriptions and their update notifications, namespaced the same
// way; and the client's roots-changed notification. Sampling and roots requests travel the other
// way and are answered in aggregating-server.ts (sampling passes the approval gate).
import { messageOf } from "@foundry-mcp/core";
import type { Server } from "@modelcontextprotocol/sdk/server/index.js";
import {
  ErrorCode,
  ListResourceTemplatesRequestSchema,
  LoggingLevelSchema,
  McpError,
  RootsListChangedNotificationSchema,
  SetLevelRequestSchema,
  SubscribeRequestSchema,
  UnsubscribeRequestSchema,
  type LoggingLevel,
} from "@modelcontextprotocol/sdk/types.js";
import { checkedRequest } from "@foundry-mcp/server-kit";
import type { HostEvent } from "../events";
import type { AggregatedManager } from "./manager";
import { parseResourceUriOf, resourceUriOf, uriShapeHint, type AggregatorVoice } from "./voice";

// RFC 5424 severities in the order MCP lists them, lowest first.
const LEVELS = LoggingLevelSchema.options;
/** Subscriptions one downstream session may hold. */
export const MAX_SUBSCRIPTIONS = 1000;

function target(voice: AggregatorVoice, uri: string): { server: string; uri: string } {
  const parsed = parseResourceUriOf(voice, uri);
  if (!parsed) throw new McpError(ErrorCode.InvalidParams, `Unknown resource: ${uri} (${uriShapeHint(voice)})`);
  return parsed;
}

/**
 * Registers the forwarding handlers on `server` (requests that need a server wait for `ready`); returns the function that passes `manager`'s
 * upstream notifications (one event at a time) on to this server's client.
 */
export function installDownstreamForwarding(
  server: Server,
  manager: AggregatedManager,
  ready: () => Promise<void> | undefined,
  log: (line: string) => void,
  voice: AggregatorVoice,
): (event: HostEvent) => void {
  // Until the client sets a level, every upstream message is passed on (the upstream decides).
  let threshold = 0;
  // Updates go only to the sessions that subscribed (several share one upstream over HTTP).
  const subscribed = new Set<string>();
  server.setRequestHandler(checkedRequest("logging/setLevel", SetLevelRequestSchema), async (request) => {
    threshold = LEVELS.indexOf(request.params.level);
    await manager.setLoggingLevel(request.params.level);
    return {};
  });
  server.setRequestHandler(checkedRequest("resources/templates/list", ListResourceTemplatesRequestSchema), async () => {
    await ready();
    const entries = await manager.listResourceTemplates();
    return {
      resourceTemplates: entries.map((entry) => ({
        uriTemplate: resourceUriOf(voice, entry.server, entry.uriTemplate),
        name: `${entry.server}/${entry.name}`,
        ...(entry.title !== undefined ? { title: entry.title } : {}),
        description: `${entry.description ?? entry.name} (from MCP server "${entry.server}", ${entry.uriTemplate})`,
        ...(entry.mimeType !== undefined ? { mimeType: entry.mimeType } : {}),
      })),
    };
  });
  server.setRequestHandler(checkedRequest("resources/subscribe", SubscribeRequestSchema), async (request) => {
    const { server: name, uri } = target(voice, request.params.uri);
    await ready();
    if (subscribed.size >= MAX_SUBSCRIPTIONS && !subscribed.has(request.params.uri)) {
      throw new McpError(ErrorCode.InvalidRequest, `Too many subscriptions: at most ${MAX_SUBSCRIPTIONS} per session; unsubscribe from one first`);
    }
    await manager.subscribeResource(name, uri).catch((error: unknown) => {
      throw new McpError(ErrorCode.InvalidParams, messageOf(error));
    });
    subscribed.add(request.params.uri);
    return {};
  });
  server.setRequestHandler(checkedRequest("resources/unsubscribe", UnsubscribeRequestSchema), async (request) => {
    const { server: name, uri } = target(voice, request.params.uri);
    subscribed.delete(request.params.uri);
    await manager.unsubscribeResource(name, uri).catch(() => undefined);
    return {};
  });
  server.setNotificationHandler(RootsListChangedNotificationSchema, () => void manager.notifyRootsChanged());

  const send = (notification: Parameters<Server["notification"]>[0]): void => {
    if (server.transport === undefined) return;
    server.notification(notification).catch((error: unknown) => log(`${voice.process}: could not forward ${notification.method}: ${messageOf(error)}`));
  };
  return (event) => {
    if (event.type === "log") {
      const level = event.level as LoggingLevel;
      if (LEVELS.indexOf(level) < threshold) return;
      const logger = typeof event.logger === "string" ? `${String(event.server)}/${event.logger}` : String(event.server);
      send({ method: "notifications/message", params: { level, logger, data: event.data } });
    } else if (event.type === "resource_updated") {
      const uri = resourceUriOf(voice, String(event.server), String(event.uri));
      if (subscribed.has(uri)) send({ method: "notifications/resources/updated", params: { uri } });
    }
  };
}
