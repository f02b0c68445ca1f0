// Paged listing helpers for one client session: every page of tools/list, and counts of
// resources and prompts (SPEC §3 Lifecycle steps 3 and 6).
import type { Client } from "@modelcontextprotocol/sdk/client/index.js";
import type { McpToolDefinition } from "../registry/tool-registry";

// A server that pages forever (a cursor loop) is cut off here instead of hanging the host.
const MAX_PAGES = 1000;

/** Every tool of the server, across all pages. */
export async function listAllTools(client: Client, timeoutMs: number): Promise<McpToolDefinition[]> {
  const tools: McpToolDefinition[] = [];
  let cursor: string | undefined;
  for (let page = 0; page < MAX_PAGES; page++) {
    const result = await client.listTools(cursor === undefined ? {} : { cursor }, { timeout: timeoutMs });
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
