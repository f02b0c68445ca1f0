// Paged listing helpers for one client session: every page of tools/list, and counts of
// resources and prompts (SPEC §3 Lifecycle steps 3 and 6).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { ClientManagerError, ClientManagerErrorCode } from "../errors";
import type { McpToolDefinition } from "../registry/tool-registry";

/**
 * Most tools one server may list. Past it the connection fails with a clear error instead of
 * holding (and showing a model) an unbounded registry: one upstream listed 100,000 tools.
 */
export const MAX_TOOLS_PER_SERVER = 2000;

// A server that pages forever (a cursor loop) is cut off here instead of hanging the host.
const MAX_PAGES = 1000;

/** Every tool of the server, across all pages; throws TOO_MANY_TOOLS past MAX_TOOLS_PER_SERVER. */
export async function listAllTools(client: Client, timeoutMs: number, server = "?"): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
    if (tools.length + result.tools.length > MAX_TOOLS_PER_SERVER) {
      throw new ClientManagerError(
        ClientManagerErrorCode.TOO_MANY_TOOLS,
        `Server "${server}" lists more than ${MAX_TOOLS_PER_SERVER} tools (at least ${tools.length + result.tools.length}), over the bound per server; split it into several servers or configure a smaller one`,
        { server },
      );
    }
    tools.push(...(result.tools as McpToolDefinition[]));
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return tools;
}

async function countPages(list: (cursor: string | undefined) => Promise<{ items: unknown[]; nextCursor?: string | undefined }>): Promise<number> {
  let count = 0;
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await list(cursor);
    count += result.items.length;
    cursor = result.nextCursor;
    if (!cursor) break;
  }
  return count;
}

/**
 * How many resources and prompts the server offers (0 without the capability). A listing that
 * fails counts as 0: the server still serves its tools.
 */
export async function countResourcesAndPrompts(client: Client, timeoutMs: number): Promise<{ resources: number; prompts: number }> {
  const capabilities = client.getServerCapabilities() ?? {};
  const options = { timeout: timeoutMs };
  const resources = capabilities.resources
    ? await countPages(async (cursor) => {
        const result = await client.listResources(cursor === undefined ? {} : { cursor }, options);
        return { items: result.resources, nextCursor: result.nextCursor };
      }).catch(() => 0)
    : 0;
  const prompts = capabilities.prompts
    ? await countPages(async (cursor) => {
        const result = await client.listPrompts(cursor === undefined ? {} : { cursor }, options);
        return { items: result.prompts, nextCursor: result.nextCursor };
      }).catch(() => 0)
    : 0;
  return { resources, prompts };
}
