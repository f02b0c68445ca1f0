// `foya status [--url URL] [--json]`: the live status of a running `foya serve --http`, read from
// its `foya://status` resource with the stored bearer token. Exits 1 when none is running there.
import { messageOf } from "@foundry-mcp/core";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { parseArguments } from "../cli/args";
import { FoyaError, FoyaErrorCode } from "../cli/errors";
import { formatJson, formatTable } from "../cli/output";
import { readEndpoint, storedServeToken } from "../serve/serve-endpoint";
import type { ServeStatusDocument } from "@foundry-mcp/client-manager/aggregate";
import { STATUS_URI } from "../serve/foya-aggregate";
import type { Command } from "./context";

async function readStatus(url: string, token: string | undefined): Promise<ServeStatusDocument> {
  const client = new Client({ name: "foya-status", version: "0" });
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const transport = new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers } });
  try {
    await client.connect(transport);
    const read = await client.readResource({ uri: STATUS_URI });
    const first = read.contents[0];
    if (!first || !("text" in first)) throw new Error(`${STATUS_URI} had no text`);
    return JSON.parse(first.text) as ServeStatusDocument;
  } finally {
    // DELETE the session, or the server keeps it until its idle timeout.
    await transport.terminateSession().catch(() => undefined);
    await client.close().catch(() => undefined);
  }
}

function formatDocument(document: ServeStatusDocument, url: string): string {
  const rows = document.servers.map((row) => [row.name, row.state, String(row.tools), String(row.calls), String(row.failedCalls), row.p50Ms === null ? "—" : row.p50Ms.toFixed(1), row.transport, row.protocol ?? "-"]);
  let text = `foya serve at ${url} (pid ${document.pid}, since ${document.startedAt}, ${document.sessions} client session${document.sessions === 1 ? "" : "s"})\n`;
  text += formatTable(["name", "state", "tools", "calls", "failed", "p50 ms", "transport", "protocol"], rows, 80);
  for (const row of document.servers) if (row.lastError !== null && row.state === "error") text += `${row.name}: ${row.lastError}\n`;
  for (const row of document.servers) if (row.droppedNotifications > 0) text += `${row.name}: ${row.droppedNotifications} notifications not relayed (over the rate limit)\n`;
  return text;
}

/** `foya status`. */
export const statusCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "status", options: { url: "value", json: "flag" }, positionals: [] });
  const url = parsed.values.url ?? readEndpoint(context.home)?.url;
  if (url === undefined) {
    throw new FoyaError(FoyaErrorCode.NOT_FOUND, `No foya serve --http is recorded in ${context.home} (serve.json). Start one with: foya serve --http, or pass --url`);
  }
  let document: ServeStatusDocument;
  try {
    document = await readStatus(url, storedServeToken(context.home));
  } catch (error) {
    const why = messageOf(error);
    throw new FoyaError(FoyaErrorCode.FAILED, `Could not read the status of foya serve at ${url}: ${why}`, { cause: error });
  }
  context.output.out(parsed.flags.has("json") ? formatJson(document) : formatDocument(document, url));
  return 0;
};
