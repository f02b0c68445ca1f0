// The MCP semantic conventions this package follows: OpenTelemetry's GenAI semantic conventions
// v0.1.0, docs/gen-ai/mcp.md (status Development; earlier in semantic-conventions 1.39-1.45 under
// the same names). What a JSON-RPC request tells about an operation, as span/metric attributes.

/** Histogram bucket bounds the convention recommends for mcp.*.operation.duration (seconds). */
export const MCP_DURATION_BUCKETS_SECONDS = [0.01, 0.02, 0.05, 0.1, 0.2, 0.5, 1, 2, 5, 10, 30, 60, 120, 300] as const;

/** The version of the conventions followed, for docs and the tests. */
export const MCP_SEMCONV_VERSION = "OpenTelemetry GenAI semantic conventions v0.1.0 (gen-ai/mcp)";

/** The attribute names used (one place, so the docs and the tests name the same keys). */
export const McpAttribute = {
  METHOD: "mcp.method.name",
  SESSION_ID: "mcp.session.id",
  PROTOCOL_VERSION: "mcp.protocol.version",
  RESOURCE_URI: "mcp.resource.uri",
  REQUEST_ID: "jsonrpc.request.id",
  TOOL_NAME: "gen_ai.tool.name",
  PROMPT_NAME: "gen_ai.prompt.name",
  OPERATION_NAME: "gen_ai.operation.name",
  ERROR_TYPE: "error.type",
  STATUS_CODE: "rpc.response.status_code",
  NETWORK_TRANSPORT: "network.transport",
  NETWORK_PROTOCOL: "network.protocol.name",
  SERVER_ADDRESS: "server.address",
  SERVER_PORT: "server.port",
} as const;

/** `pipe` for stdio, `tcp` for HTTP (the convention's network.transport values). */
export type NetworkTransport = "pipe" | "tcp";

/** What one request is, read from its JSON-RPC message. */
export interface OperationFacts {
  method: string;
  requestId: string | undefined;
  toolName: string | undefined;
  promptName: string | undefined;
  resourceUri: string | undefined;
  /** The 2026-07-28 envelope's protocol version, when the request carries one. */
  protocolVersion: string | undefined;
  /** params._meta (where traceparent travels), when it is an object. */
  meta: Record<string, unknown> | undefined;
}

const PROTOCOL_VERSION_META = "io.modelcontextprotocol/protocolVersion";

// A copy of core's asJsonObject (packages/core/src/json/json-object.ts), kept on purpose:
// telemetry has no dependencies by design, so it cannot import core.
function record(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : undefined;
}

function text(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/** The facts of a request message (`method` and `id` present), or undefined for anything else. */
export function operationFacts(message: unknown): OperationFacts | undefined {
  const object = record(message);
  if (!object || typeof object.method !== "string" || !("id" in object)) return undefined;
  const id = object.id;
  const params = record(object.params);
  const meta = record(params?.["_meta"]);
  const method = object.method;
  return {
    method,
    requestId: typeof id === "string" || typeof id === "number" ? String(id) : undefined,
    toolName: method === "tools/call" ? text(params?.name) : undefined,
    promptName: method === "prompts/get" ? text(params?.name) : undefined,
    resourceUri: method.startsWith("resources/") ? text(params?.uri) : undefined,
    protocolVersion: text(meta?.[PROTOCOL_VERSION_META]) ?? (method === "initialize" ? text(params?.protocolVersion) : undefined),
    meta,
  };
}

/** The protocol version an initialize result settles on, else undefined (any other message). */
export function negotiatedVersion(message: unknown): string | undefined {
  const result = record(record(message)?.result);
  return result && record(result.capabilities) && record(result.serverInfo) ? text(result.protocolVersion) : undefined;
}

/** Where an operation's attributes are written: a span (straight into its OTLP encoding) or a metric's attribute object. */
export interface AttributeWriter {
  setAttribute(key: string, value: string): void;
}

/**
 * The convention's attributes of an operation that a span and its duration histogram share (not
 * the per-request ones: request id, session id, resource URI), written in one order.
 */
export function writeConventionAttributes(writer: AttributeWriter, facts: OperationFacts, transport: NetworkTransport, protocolVersion: string | undefined): void {
  writer.setAttribute(McpAttribute.METHOD, facts.method);
  writer.setAttribute(McpAttribute.NETWORK_TRANSPORT, transport);
  if (transport === "tcp") writer.setAttribute(McpAttribute.NETWORK_PROTOCOL, "http");
  if (facts.toolName !== undefined) {
    writer.setAttribute(McpAttribute.TOOL_NAME, facts.toolName);
    writer.setAttribute(McpAttribute.OPERATION_NAME, "execute_tool");
  }
  if (facts.promptName !== undefined) writer.setAttribute(McpAttribute.PROMPT_NAME, facts.promptName);
  const version = facts.protocolVersion ?? protocolVersion;
  if (version !== undefined) writer.setAttribute(McpAttribute.PROTOCOL_VERSION, version);
}

/** How an operation ended as the convention records it: error.type and the RPC status code, each when set (a span's ending and its histogram series alike). */
export function writeOutcomeAttributes(writer: AttributeWriter, outcome: { errorType?: string | undefined; statusCode?: string | undefined }): void {
  if (outcome.errorType !== undefined) writer.setAttribute(McpAttribute.ERROR_TYPE, outcome.errorType);
  if (outcome.statusCode !== undefined) writer.setAttribute(McpAttribute.STATUS_CODE, outcome.statusCode);
}

/** The span name the convention asks for: `{method} {tool or prompt}`, else `{method}`. */
export function spanNameOf(facts: OperationFacts): string {
  const target = facts.toolName ?? facts.promptName;
  return target === undefined ? facts.method : `${facts.method} ${target}`;
}

/** How an answer ended: the convention's error.type (and JSON-RPC code) or nothing on success. */
export interface OperationOutcome {
  errorType?: string;
  statusCode?: string;
  message?: string;
  /** A refusal's own code (`QUOTA_EXCEEDED`), for the refusals counter; else the error type. */
  refusalCode?: string;
}

const CODED_TEXT = /^([A-Z][A-Z0-9_]{2,63}): /;

// Every success is the same outcome: one shared object, not one per answer (issue 33's per-call cost).
const SUCCEEDED: OperationOutcome = Object.freeze({});

/** The outcome of a JSON-RPC response message. */
export function outcomeOf(message: unknown): OperationOutcome {
  const object = record(message);
  const error = record(object?.error);
  if (error) {
    const code = typeof error.code === "number" ? String(error.code) : "unknown";
    const dataCode = text(record(error.data)?.code);
    return { errorType: code, statusCode: code, message: text(error.message) ?? "", refusalCode: dataCode ?? code };
  }
  const result = record(object?.result);
  if (result?.isError === true) {
    const first = Array.isArray(result.content) ? record(result.content[0]) : undefined;
    const firstText = text(first?.text) ?? "";
    // toolErrorResult writes `<CODE>: <message>` for a coded refusal.
    const coded = CODED_TEXT.exec(firstText)?.[1];
    return { errorType: "tool_error", message: firstText.slice(0, 200), refusalCode: coded ?? "tool_error" };
  }
  return SUCCEEDED;
}
