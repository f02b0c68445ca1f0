// The dashboard's view of what tool search learned (decision 0055): a page of the stored requests,
// newest first, with the count in all and per tool (the catalog page shows each tool's), and the
// forgets of one request or of a workspace's or a tool's. A forget goes through the store's one
// forget (workspace-store's LearnedRequestLog.forget), so every instance drops the words at its
// next poll, and this one before it answers (the gateway's learning.forget). Also search quality in
// use: per day, how often the tool an agent chose after a search was the first hit, in the top 3
// or on the first page (the ranks kept with the rows, counted across every instance on the store).
import { CHOICE_RANKS, LEARNED_REQUESTS_PAGE, LearnedRequestLog, type LearnedRequestSelection } from "@foundry-mcp/workspace-store";
import { MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import type { Gateway } from "../gateway";
import { UiRefusal } from "./guard";
import { workspaceOfParam } from "./workspace-api";

// The learned requests in the store: the running learning's log, or (with --no-learning, where
// rows from earlier runs may remain) a log opened only to read and delete them.
const logOf = (gateway: Gateway): LearnedRequestLog => gateway.learning?.log ?? new LearnedRequestLog(gateway.store);

/** An integer query parameter within [least, most], or its fallback when absent; 400 naming the bound otherwise. */
function integerParam(params: URLSearchParams, name: string, fallback: number, least: number, most: number): number {
  const raw = params.get(name);
  if (raw === null || raw === "") return fallback;
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < least || value > most)
    throw new UiRefusal(400, "INVALID_ARGUMENT", `${name} must be an integer from ${least} to ${most}; got ${raw.slice(0, 40)}`);
  return value;
}

// The selection of ?workspace= and ?tool= (each optional). A workspace given must be a name: a
// malformed one, empty included, is 400 (so `DELETE learned?workspace=` never means "every
// workspace") and an unknown one 404 (workspaceOfParam). A tool given must be 1 to
// MAX_TOOL_NAME_LENGTH characters: an empty one is 400 too (`DELETE learned?tool=` forgot every row).
async function selectionOf(gateway: Gateway, params: URLSearchParams): Promise<LearnedRequestSelection> {
  const selection: LearnedRequestSelection = {};
  const workspace = await workspaceOfParam(gateway, params);
  if (workspace !== undefined) selection.workspaceId = workspace.id;
  const tool = params.get("tool");
  if (tool !== null) {
    if (tool.length === 0 || tool.length > MAX_TOOL_NAME_LENGTH)
      throw new UiRefusal(400, "INVALID_ARGUMENT", `tool must be a tool name of 1 to ${MAX_TOOL_NAME_LENGTH} characters; got ${tool.length}`);
    selection.tool = tool;
  }
  return selection;
}

/**
 * `GET learned?workspace=&tool=&limit=&offset=`: the page (limit 1 to 1,000, default 50; offset
 * 0 to 1,000,000), how many match in all, and rows per tool in the workspace chosen (all tools).
 */
export async function listLearned(gateway: Gateway, params: URLSearchParams) {
  const limit = integerParam(params, "limit", LEARNED_REQUESTS_PAGE.defaultLimit, 1, LEARNED_REQUESTS_PAGE.maxLimit);
  const offset = integerParam(params, "offset", 0, 0, LEARNED_REQUESTS_PAGE.maxOffset);
  const selection = await selectionOf(gateway, params);
  const log = logOf(gateway);
  const page = await log.list(selection, { limit, offset });
  const { tool: _tool, ...workspaceOnly } = selection;
  return {
    total: page.total,
    offset,
    limit,
    rows: page.rows.map((row) => ({ id: row.id, learnedAt: row.learnedAt, workspace: row.workspaceName, tool: row.tool, request: row.request })),
    tools: await log.countsPerTool(workspaceOnly),
  };
}

/**
 * `GET learned/quality?days=&workspace=`: per UTC day of the last `days` (1 to 90, default 14),
 * newest first, the choices with a rank and how many took the first hit, the top 3, the first
 * page of 10, and the sums (workspace-store's choiceRanksPerDay); one workspace's or all.
 */
export async function learnedQuality(gateway: Gateway, params: URLSearchParams) {
  const days = integerParam(params, "days", CHOICE_RANKS.defaultDays, CHOICE_RANKS.minDays, CHOICE_RANKS.maxDays);
  const workspace = await workspaceOfParam(gateway, params);
  const quality = await logOf(gateway).choiceRanksPerDay({ days, ...(workspace === undefined ? {} : { workspaceId: workspace.id }) });
  return { workspace: workspace?.name ?? null, ...quality };
}

/** `DELETE learned/:id`: forgets one stored request; 404 when no row has that id. */
export async function forgetLearnedRequest(gateway: Gateway, rawId: string) {
  const id = Number(rawId);
  if (!Number.isSafeInteger(id) || id <= 0) throw new UiRefusal(400, "INVALID_ARGUMENT", `id must be a positive integer; got ${rawId}`);
  const forgotten = await forget(gateway, { id });
  if (forgotten === 0) throw new UiRefusal(404, "NOT_FOUND", `no learned request has id ${id}; it may be forgotten already`);
  return { forgotten };
}

/** `DELETE learned?workspace=&tool=`: forgets what the two name together (neither: every request). */
export async function forgetLearnedRequests(gateway: Gateway, params: URLSearchParams) {
  return { forgotten: await forget(gateway, await selectionOf(gateway, params)) };
}

// This instance learns again before answering; without learning, the rows go and nothing else.
const forget = (gateway: Gateway, selection: LearnedRequestSelection): Promise<number> =>
  gateway.learning ? gateway.learning.forget(selection) : logOf(gateway).forget(selection);
