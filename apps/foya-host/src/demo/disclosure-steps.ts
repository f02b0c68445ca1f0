// The progressive-disclosure part of `foya demo`: through amicited-gateway's four tools, find an
// uptime tool by plain words, describe it, run it with read_tool (and show read_tool refusing a
// write), then run a tool with run_tool. Returns the cost rows against listing every tool of the
// gateway up front (`?toolsets=all`), measured on the real tools/list of such a connection.
import { hostToolName, toolListText, type ToolListEntry } from "@foundry-mcp/client-manager";
import type { HostManager, UnifiedToolResult } from "../host/contract";
import type { CostRow } from "./cost-table";
import { excerpt, findValue, resultJson, resultText, toolNamesIn } from "./result-data";

/** What the disclosure walkthrough measured. */
export interface DisclosureStepsResult {
  rows: CostRow[];
}

interface Described {
  name: string;
  kind: string;
  required: string[];
  properties: Record<string, Record<string, unknown>>;
  text: string;
}

/**
 * The tool definitions a client puts in the model's context, as tools/list returns them: the
 * package's toolListText, the same text `mcp status` measures for its tool-token column. Both
 * sides of the demo name tools by host name (mcp__<server>__<tool>), as foya lists them, so the
 * "tool definitions" row equals the status table's figure.
 */
export function definitionsText(tools: readonly ToolListEntry[]): string {
  return toolListText(tools);
}

/**
 * Arguments for a tool from its schema, when every required field can be filled honestly: ids
 * from values earlier answers returned (`known`), the first value of an enum, a plain label.
 */
export function argumentsFor(described: Described, known: Record<string, unknown>): Record<string, unknown> | undefined {
  const args: Record<string, unknown> = {};
  for (const field of described.required) {
    const schema = described.properties[field] ?? {};
    if (known[field] !== undefined) args[field] = known[field];
    else if (Array.isArray(schema.enum) && schema.enum.length > 0) args[field] = schema.enum[0];
    else if (field === "target" && args.channel === "email") args[field] = "oncall@example.com";
    else if (field === "target" && args.channel === "slack") args[field] = "#ops-alerts";
    else if (schema.type === "string" && schema.format === undefined && /name|label|title|target|note|reason/i.test(field)) args[field] = "foya demo";
    else return undefined;
  }
  return args;
}

/** Collects `*_id` values (first seen wins) from an answer, for later arguments. */
export function collectIds(value: unknown, into: Record<string, unknown>): void {
  if (Array.isArray(value)) {
    for (const item of value) collectIds(item, into);
    return;
  }
  if (typeof value !== "object" || value === null) return;
  for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
    if (key.endsWith("_id") && (typeof child === "number" || typeof child === "string") && into[key] === undefined) into[key] = child;
    else collectIds(child, into);
  }
}

/** The top hits of a search_tools answer, one line each (the raw answer when it is not JSON). */
export function searchSummary(result: UnifiedToolResult): string {
  const json = resultJson(result) as { results?: Array<{ name?: string; kind?: string; summary?: string }>; paging?: { total?: number } } | undefined;
  if (!Array.isArray(json?.results)) return resultText(result);
  const lines = json.results.slice(0, 3).map((hit) => `${hit.name ?? "?"} · ${hit.kind ?? "?"} · ${hit.summary ?? ""}`);
  return [...lines, `(${json.results.length} of ${json.paging?.total ?? json.results.length} hits shown to the model)`].join("\n");
}

/** Runs the disclosure steps; `allTools` fetches the eager tools/list for comparison. */
export async function disclosureSteps(
  manager: HostManager,
  server: string,
  allTools: () => Promise<string>,
  say: (text: string) => void,
): Promise<DisclosureStepsResult> {
  const host = (tool: string): string => hostToolName(server, tool);
  const call = (tool: string, args: Record<string, unknown>): Promise<UnifiedToolResult> => manager.callTool(host(tool), args);
  const fourTools = manager.tools().filter((tool) => tool.server === server);
  say(`  tools/list: ${fourTools.length} tools (${fourTools.map((tool) => tool.tool).join(", ")})`);

  const query = "is the site down";
  const search = await call("search_tools", { query });
  say(`  search_tools "${query}"\n${excerpt(searchSummary(search), 4)}`);

  const describe = async (name: string): Promise<Described | undefined> => {
    const result = await call("describe_tool", { name });
    if (result.isError) return undefined;
    const json = resultJson(result) as Record<string, unknown> | undefined;
    const schema = ((json?.inputSchema ?? {}) as Record<string, unknown>) ?? {};
    return {
      name,
      kind: String(json?.kind ?? ""),
      required: Array.isArray(schema.required) ? schema.required.map(String) : [],
      properties: (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
      text: resultText(result),
    };
  };

  const domains = await call("read_tool", { name: "list_domains", arguments: {} });
  const known: Record<string, unknown> = { domain_id: findValue(resultJson(domains), ["domain_id", "id"]) };
  say(`  read_tool list_domains → domain_id ${String(known.domain_id)}`);

  let chosen: Described | undefined;
  let chosenArgs: Record<string, unknown> | undefined;
  for (const name of toolNamesIn(search, "uptime_")) {
    const described = await describe(name);
    const args = described?.kind === "read" ? argumentsFor(described, known) : undefined;
    if (described && args) {
      chosen = described;
      chosenArgs = args;
      break;
    }
  }
  if (!chosen || !chosenArgs) throw new Error(`search_tools "${query}" found no uptime read tool the demo can call.`);
  say(`  describe_tool ${chosen.name} → kind ${chosen.kind}, required: ${chosen.required.join(", ") || "none"}\n${excerpt(chosen.text, 1)}`);

  const read = await call("read_tool", { name: chosen.name, arguments: chosenArgs });
  say(`  read_tool ${chosen.name} ${JSON.stringify(chosenArgs)}\n${excerpt(resultText(read), 4)}`);
  collectIds(resultJson(read), known);

  // A write tool of the same area: read_tool refuses it, run_tool runs it.
  const writeSearch = await call("search_tools", { query: "acknowledge the outage and alert someone", toolset: "uptime" });
  let writer: Described | undefined;
  let writerArgs: Record<string, unknown> | undefined;
  for (const name of toolNamesIn(writeSearch, "uptime_")) {
    const described = await describe(name);
    const args = described && described.kind !== "read" && described.kind !== "destructive" && described.kind !== "paid" ? argumentsFor(described, known) : undefined;
    if (described && args) {
      writer = described;
      writerArgs = args;
      break;
    }
  }
  let runText = "";
  let runStep = "";
  if (writer && writerArgs) {
    const refused = await call("read_tool", { name: writer.name, arguments: writerArgs });
    say(`  read_tool ${writer.name} → refused (kind ${writer.kind})\n${excerpt(resultText(refused), 2)}`);
    const run = await call("run_tool", { name: writer.name, arguments: writerArgs });
    runText = resultText(run);
    runStep = `run_tool ${writer.name}`;
    say(`  ${runStep} ${JSON.stringify(writerArgs)}\n${excerpt(runText, 3)}`);
  } else {
    const run = await call("run_tool", { name: chosen.name, arguments: chosenArgs });
    runText = resultText(run);
    runStep = `run_tool ${chosen.name}`;
    say(`  ${runStep} (run_tool runs every kind)\n${excerpt(runText, 3)}`);
  }

  const eagerList = await allTools();
  const eagerCount = (JSON.parse(eagerList) as unknown[]).length;
  say(`  for comparison: tools/list with ?toolsets=all advertises ${eagerCount} tools`);
  return {
    rows: [
      { step: "tool definitions in context", frugal: `${fourTools.length} tools`, frugalText: definitionsText(fourTools.map((tool) => ({ ...tool, name: tool.hostName }))), eager: `${eagerCount} tools (?toolsets=all)`, eagerText: eagerList },
      { step: `search_tools "${query}"`, frugal: "ranked names", frugalText: resultText(search), eager: "(already listed)", eagerText: undefined },
      { step: `describe_tool ${chosen.name}`, frugal: "one schema", frugalText: chosen.text, eager: "(already listed)", eagerText: undefined },
      { step: "read_tool list_domains", frugal: "the domains", frugalText: resultText(domains), eager: "the same call", eagerText: resultText(domains) },
      { step: `read_tool ${chosen.name}`, frugal: "the rows", frugalText: resultText(read), eager: "the same call", eagerText: resultText(read) },
      { step: runStep, frugal: "the answer", frugalText: runText, eager: "the same call", eagerText: runText },
    ],
  };
}
