// Shared shapes of the catalog: tools, toolsets, call contexts, outputs and search results.
// Neighbours: catalog.ts uses all of them; annotations.ts maps kinds to MCP hints.

/** What a tool does to the world: free reads, writes, credit-spending calls, irreversible ones. */
export type ToolKind = "read" | "write" | "paid" | "destructive";

/** A JSON Schema object as tools advertise it (`type: "object"` with `properties`). */
export interface JsonSchemaObject {
  type?: string | string[];
  properties?: Record<string, JsonSchemaObject>;
  required?: string[];
  description?: string;
  [keyword: string]: unknown;
}

/**
 * What each call carries: the workspace the credential is bound to and its scope. Hosts add
 * their own keys (plan, credits, request id); handlers and hooks see the same object.
 */
export interface CallContext {
  workspace: string;
  scope: "read" | "write";
  credentialId?: string;
  signal?: AbortSignal;
  [extra: string]: unknown;
}

/** An area of tools; every tool name in it starts with `prefix` (or one of `extraPrefixes`). */
export interface ToolsetDefinition {
  name: string;
  prefix: string;
  title: string;
  description: string;
  /** More accepted name prefixes or whole names, e.g. `["list_domains"]` beside `account_`. */
  extraPrefixes?: string[];
}

/** One piece of MCP tool-result content. */
export interface ToolContent {
  type: string;
  text?: string;
  [key: string]: unknown;
}

/** What read()/run() resolve to: an MCP CallToolResult without the wire envelope. */
export interface ToolOutput {
  content: ToolContent[];
  structuredContent?: Record<string, unknown>;
  isError?: boolean;
}

/** A tool in the catalog. The handler returns a JSON value or a ready ToolOutput. */
export interface ToolDefinition<C extends CallContext = CallContext> {
  name: string;
  description: string;
  toolset: string;
  kind: ToolKind;
  title?: string;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  handler(args: Record<string, unknown>, context: C): Promise<unknown> | unknown;
}

/** MCP tool annotations derived from a kind (see annotationsFor). */
export interface ToolAnnotations {
  title?: string;
  readOnlyHint: boolean;
  destructiveHint?: boolean;
  idempotentHint?: boolean;
  openWorldHint?: boolean;
}

/** What describe() returns: everything a model needs to call one tool. */
export interface ToolDescription {
  name: string;
  title?: string;
  description: string;
  toolset: string;
  kind: ToolKind;
  inputSchema: JsonSchemaObject;
  outputSchema?: JsonSchemaObject;
  annotations: ToolAnnotations;
}

/** The fields search can match in, as reported in `matchedIn`. */
export type SearchField = "name" | "title" | "toolset" | "description" | "parameters";

/** One ranked search hit: enough to pick a tool without describing it. */
export interface SearchResult {
  name: string;
  toolset: string;
  kind: ToolKind;
  /** The description's first sentence, on one line. */
  summary: string;
  matchedIn: SearchField[];
  score: number;
  /**
   * Near-duplicates of this tool (same toolset, a qualified name, nearly the same description)
   * that also matched, best first. Shown here instead of as results of their own, so a page
   * holds different tools; absent when there are none.
   */
  variants?: string[];
}

/** The paging block of every list: where this page sits and the offset of the next one. */
export interface Paging {
  offset: number;
  limit: number;
  total: number;
  has_more: boolean;
  next_offset: number | null;
}
