// `foya tools|call|resources|read|prompts|prompt`: one-shot use of the registry. Each starts only
// the servers it needs (no retries), waits for them to settle, answers, and closes every session
// and child process before exiting.
import { serverOfHostToolName } from "@foundry-mcp/client-manager";
import { parseArguments, parseJsonObject } from "../cli/args";
import { FoyaError, FoyaErrorCode, usageError } from "../cli/errors";
import { formatJson, formatTable } from "../cli/output";
import type { HostManager, UnifiedToolResult } from "../host/contract";
import { connectTimeoutMs, startAndSettle } from "../host/settle";
import type { Command, CommandContext } from "./context";

/** Opens a manager over some (or all) servers, waits for them, runs `work`, always closes. */
async function withManager<T>(context: CommandContext, only: string[] | undefined, work: (manager: HostManager) => Promise<T>): Promise<T> {
  if (only !== undefined) {
    const known = context.openConfig(context.home).list();
    for (const name of only) {
      const server = known.find((candidate) => candidate.name === name);
      if (!server) {
        const names = known.map((candidate) => candidate.name).join(", ") || "none";
        throw new FoyaError(FoyaErrorCode.NOT_FOUND, `No MCP server named "${name}" (configured: ${names}).`);
      }
      if (!server.enabled) throw new FoyaError(FoyaErrorCode.NOT_FOUND, `MCP server "${name}" is disabled; enable it with foya mcp enable ${name}.`);
    }
  }
  const manager = await context.openManager({ home: context.home, reconnect: false, ...(only ? { only } : {}) });
  try {
    const statuses = await startAndSettle(manager, connectTimeoutMs());
    if (only === undefined) {
      for (const row of statuses) {
        if (row.state === "error") context.output.err(`warning: ${row.name} is not connected: ${row.lastError ?? "connection failed"}`);
      }
    } else {
      const failed = statuses.find((row) => only.includes(row.name) && row.state !== "connected");
      if (failed) throw new FoyaError(FoyaErrorCode.FAILED, `MCP server "${failed.name}" is not connected (${failed.state}): ${failed.lastError ?? "no answer"}.`);
    }
    return await work(manager);
  } finally {
    await manager.close();
  }
}


/** `foya tools [--server S] [--json]`. */
export const toolsCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "tools", options: { server: "value", json: "flag" }, positionals: [] });
  const server = parsed.values.server;
  return withManager(context, server ? [server] : undefined, async (manager) => {
    const tools = manager.tools().filter((tool) => server === undefined || tool.server === server);
    if (parsed.flags.has("json")) {
      context.output.out(formatJson({ tools: tools.map((tool) => ({ name: tool.hostName, server: tool.server, tool: tool.tool, description: tool.description ?? "", inputSchema: tool.inputSchema, annotations: tool.annotations ?? {} })) }));
    } else if (tools.length === 0) context.output.out("No tools: no connected server offers any (see foya mcp status).");
    else context.output.out(formatTable(["tool", "server", "description"], tools.map((tool) => [tool.hostName, tool.server, tool.description ?? ""])));
    return 0;
  });
};

/** Plain text of a result's content: text as is, other content types named in one line. */
export function contentText(content: Array<Record<string, unknown>>): string {
  return content
    .map((item) => {
      if (item.type === "text") return String(item.text ?? "");
      if (item.type === "resource") {
        const resource = (item.resource ?? {}) as Record<string, unknown>;
        return typeof resource.text === "string" ? resource.text : `[resource ${String(resource.uri ?? "")}]`;
      }
      if (item.type === "resource_link") return `[resource link ${String(item.uri ?? "")}]`;
      return `[${String(item.type)} ${String(item.mimeType ?? "")}]`.replace(/ \]$/, "]");
    })
    .join("\n");
}

/** `foya call <host-tool-name> [--args JSON] [--json]`: exit 1 when the tool reports an error. */
export const callCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "call", options: { args: "value", json: "flag" }, positionals: ["tool"] });
  const hostName = parsed.positionals.tool as string;
  const args = parseJsonObject(parsed.values.args, "args", "call");
  const names = context.openConfig(context.home).list().filter((server) => server.enabled).map((server) => server.name);
  const server = serverOfHostToolName(hostName, names);
  if (!hostName.startsWith("mcp__") || server === undefined) {
    throw new FoyaError(FoyaErrorCode.NOT_FOUND, `Unknown tool ${hostName}: host tool names are mcp__<server>__<tool> for an enabled server (${names.join(", ") || "none"}). List them with foya tools.`);
  }
  return withManager(context, [server], async (manager) => {
    const tool = manager.tools().find((candidate) => candidate.hostName === hostName);
    if (!tool) {
      const count = manager.tools().filter((candidate) => candidate.server === server).length;
      throw new FoyaError(FoyaErrorCode.NOT_FOUND, `Unknown tool ${hostName}: server "${server}" offers ${count} tools; list them with foya tools --server ${server}.`);
    }
    const result: UnifiedToolResult = await manager.callTool(hostName, args);
    if (result.errorCode !== undefined && !parsed.flags.has("json")) {
      // The host failed the call (timeout, connection lost): one line, like every other failure.
      throw new FoyaError(FoyaErrorCode.TOOL_ERROR, contentText(result.content));
    }
    if (parsed.flags.has("json")) {
      const { server: from, tool: name, isError, durationMs, content, structuredContent, errorCode } = result;
      context.output.out(formatJson({ server: from, tool: name, isError, ...(errorCode !== undefined ? { errorCode } : {}), durationMs, content, ...(structuredContent !== undefined ? { structuredContent } : {}) }));
    } else {
      const text = contentText(result.content);
      if (text !== "") context.output.out(text);
      else if (result.structuredContent !== undefined) context.output.out(formatJson(result.structuredContent));
    }
    if (result.isError && !parsed.flags.has("json")) context.output.err(`${hostName} returned an error result.`);
    return result.isError ? 1 : 0;
  });
};

/** `foya resources [--server S] [--json]`. */
export const resourcesCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "resources", options: { server: "value", json: "flag" }, positionals: [] });
  const server = parsed.values.server;
  return withManager(context, server ? [server] : undefined, async (manager) => {
    const resources = await manager.listResources(server);
    if (parsed.flags.has("json")) context.output.out(formatJson({ resources }));
    else if (resources.length === 0) context.output.out("No resources.");
    else context.output.out(formatTable(["server", "uri", "name", "mime type"], resources.map((item) => [item.server, item.uri, item.name, item.mimeType ?? ""]), 90));
    return 0;
  });
};

/** `foya read <server> <uri> [--json]`: the text, preceded on stderr by where it came from. */
export const readCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "read", options: { json: "flag" }, positionals: ["server", "uri"] });
  const server = parsed.positionals.server as string;
  const uri = parsed.positionals.uri as string;
  return withManager(context, [server], async (manager) => {
    const read = await manager.readResource(server, uri);
    if (parsed.flags.has("json")) {
      context.output.out(formatJson(read));
      return 0;
    }
    for (const item of read.contents) {
      context.output.err(`# ${server} ${item.uri}${item.mimeType ? ` (${item.mimeType})` : ""}`);
      context.output.out(item.text ?? `[binary, ${Math.floor(((item.blob ?? "").length * 3) / 4)} bytes; use --json for base64]`);
    }
    return 0;
  });
};

/** `foya prompts [--server S] [--json]`. */
export const promptsCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "prompts", options: { server: "value", json: "flag" }, positionals: [] });
  const server = parsed.values.server;
  return withManager(context, server ? [server] : undefined, async (manager) => {
    const prompts = await manager.listPrompts(server);
    if (parsed.flags.has("json")) context.output.out(formatJson({ prompts }));
    else if (prompts.length === 0) context.output.out("No prompts.");
    else {
      const rows = prompts.map((item) => [item.server, item.name, (item.arguments ?? []).map((arg) => `${arg.name}${arg.required ? "" : "?"}`).join(" "), item.description ?? ""]);
      context.output.out(formatTable(["server", "prompt", "arguments", "description"], rows));
    }
    return 0;
  });
};

/** `foya prompt <server> <name> [--args JSON] [--json]`: the rendered messages. */
export const promptCommand: Command = async (argv, context) => {
  const parsed = parseArguments(argv, { command: "prompt", options: { args: "value", json: "flag" }, positionals: ["server", "name"] });
  const server = parsed.positionals.server as string;
  const name = parsed.positionals.name as string;
  const raw = parseJsonObject(parsed.values.args, "args", "prompt");
  const args: Record<string, string> = {};
  for (const [key, value] of Object.entries(raw)) {
    if (typeof value !== "string") throw usageError(`--args.${key} must be a string (prompt arguments are strings)`, "prompt");
    args[key] = value;
  }
  return withManager(context, [server], async (manager) => {
    // A server without prompts would answer "Method not found"; say what that means instead.
    const offered = await manager.listPrompts(server).catch(() => undefined);
    if (offered !== undefined && offered.length === 0) {
      throw new FoyaError(FoyaErrorCode.NOT_FOUND, `MCP server "${server}" has no prompts; list the prompts of every server with foya prompts.`);
    }
    const rendered = await manager.getPrompt(server, name, args);
    if (parsed.flags.has("json")) context.output.out(formatJson(rendered));
    else for (const message of rendered.messages) context.output.out(`[${message.role}]\n${contentText([message.content])}`);
    return 0;
  });
};
