// `learned list` and `learned forget`: an operator's view of the requests tool search learned
// (decision 0055) and the purge of a selection of them: one row (--id), a tool's (--tool), a
// workspace's (--workspace), those combined, or all. A forget goes through the store's one forget
// (workspace-store's LearnedRequestLog.forget), which running gateways notice at their next poll.
// `learned quality`: search quality in use per day, from the ranks kept with the rows.
import {
  CHOICE_RANKS,
  findWorkspace,
  LEARNED_REQUESTS_PAGE,
  LearnedRequestLog,
  type ChoiceRankCounts,
  type LearnedRequestSelection,
  type WorkspaceStore,
} from "@foundry-mcp/workspace-store";
import { MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { GatewayError, GatewayErrorCode } from "../errors";
import { checkFlags, flagInteger, flagString, flagWorkspaceName, type ParsedArgs } from "./args";
import { existingStoreOf, withStore } from "./store-access";

// Control characters (C0, DEL, C1) in stored text a user typed: never sent raw to a terminal.
// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]+/g;
const oneLine = (text: string): string => text.replace(CONTROL, " ");

/** What --workspace, --tool and --id ask for, each checked before any store is opened. */
interface FlagSelection {
  readonly workspaceName?: string;
  readonly tool?: string;
  readonly id?: number;
}

// The flags' selection, refused (usage, exit 2) when a value could name no workspace, tool or row,
// so a malformed name never waits on a database or migrates a folder first.
function flagSelection(args: ParsedArgs): FlagSelection {
  const workspaceName = flagWorkspaceName(args, "workspace");
  const tool = flagString(args, "tool");
  if (tool !== undefined && tool.length > MAX_TOOL_NAME_LENGTH)
    throw new GatewayError(GatewayErrorCode.USAGE, `--tool must be a tool name of at most ${MAX_TOOL_NAME_LENGTH} characters; got ${tool.length}`);
  const id = args.flags.has("id") ? flagInteger(args, "id", 0, 1, Number.MAX_SAFE_INTEGER) : undefined;
  return { ...(workspaceName === undefined ? {} : { workspaceName }), ...(tool === undefined ? {} : { tool }), ...(id === undefined ? {} : { id }) };
}

// The flags' selection in `store` (none: every row): the named workspace must exist.
async function selectionIn(store: WorkspaceStore, flags: FlagSelection): Promise<LearnedRequestSelection> {
  const selection: LearnedRequestSelection = {};
  if (flags.workspaceName !== undefined) {
    const workspace = await findWorkspace(store, flags.workspaceName);
    if (!workspace) throw new GatewayError(GatewayErrorCode.USAGE, `--workspace: workspace "${flags.workspaceName}" does not exist`);
    selection.workspaceId = workspace.id;
  }
  if (flags.tool !== undefined) selection.tool = flags.tool;
  if (flags.id !== undefined) selection.id = flags.id;
  return selection;
}

/**
 * `learned list [--workspace NAME] [--tool NAME] [--limit N] [--json]`: the newest learned
 * requests first, one per line (id, time, workspace, tool, request, tab-separated; control
 * characters shown as spaces), or one JSON object with the count in all. --limit 1 to 1,000 (50).
 */
export async function runLearnedList(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database", "workspace", "tool", "limit", "json"]);
  const flags = flagSelection(args);
  const limit = flagInteger(args, "limit", LEARNED_REQUESTS_PAGE.defaultLimit, 1, LEARNED_REQUESTS_PAGE.maxLimit);
  const location = existingStoreOf(args);
  const page = await withStore(location, async (store) => {
    if ("dataDir" in location) await store.migrate();
    return new LearnedRequestLog(store).list(await selectionIn(store, flags), { limit });
  });
  if (args.flags.has("json")) {
    const rows = page.rows.map((row) => ({ id: row.id, learnedAt: row.learnedAt, workspace: row.workspaceName, tool: row.tool, request: row.request }));
    process.stdout.write(`${JSON.stringify({ total: page.total, limit, rows })}\n`);
    return;
  }
  for (const row of page.rows) process.stdout.write(`${[row.id, row.learnedAt, row.workspaceName, row.tool, oneLine(row.request)].join("\t")}\n`);
  if (page.total > page.rows.length)
    process.stderr.write(`amicited-gateway: the newest ${page.rows.length} of ${page.total} learned requests; --limit shows up to ${LEARNED_REQUESTS_PAGE.maxLimit}, --workspace and --tool narrow\n`);
}

/**
 * `learned forget [--workspace NAME] [--tool NAME] [--id N]`: deletes the learned requests the
 * flags name together (none: all of them); prints `{"forgotten":N}`. Running gateways on the same
 * store learn again from the rows left at their next poll (within their refresh interval).
 */
export async function runLearnedForget(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database", "workspace", "tool", "id"]);
  const flags = flagSelection(args);
  const location = existingStoreOf(args);
  const forgotten = await withStore(location, async (store) => {
    if ("dataDir" in location) await store.migrate();
    return new LearnedRequestLog(store).forget(await selectionIn(store, flags));
  });
  process.stdout.write(`${JSON.stringify({ forgotten })}\n`);
}

// A share of the choices as a percentage with one decimal ("-" when there were none).
const percentOf = (part: number, choices: number): string => (choices === 0 ? "-" : `${((part / choices) * 100).toFixed(1)}%`);
const qualityLine = (label: string, counts: ChoiceRankCounts): string =>
  [label, counts.choices, percentOf(counts.first, counts.choices), percentOf(counts.top3, counts.choices), percentOf(counts.firstPage, counts.choices)].join("\t");

/**
 * `learned quality [--days N] [--workspace NAME] [--json]`: per UTC day of the last N (1 to 90,
 * default 14), newest first, how many tools agents chose after a search (with a stored rank) and
 * the share that was the search's first hit, in its top 3, on its first page of 10; tab-separated
 * under a header line with a total line, or one JSON object with the counts. Every instance's
 * rows, as far as the table keeps them (by default each workspace's newest 5,000 within the newest 20,000).
 */
export async function runLearnedQuality(args: ParsedArgs): Promise<void> {
  checkFlags(args, ["data", "database", "workspace", "days", "json"]);
  const flags = flagSelection(args);
  const days = flagInteger(args, "days", CHOICE_RANKS.defaultDays, CHOICE_RANKS.minDays, CHOICE_RANKS.maxDays);
  const location = existingStoreOf(args);
  const quality = await withStore(location, async (store) => {
    if ("dataDir" in location) await store.migrate();
    const { workspaceId } = await selectionIn(store, flags);
    return new LearnedRequestLog(store).choiceRanksPerDay({ days, ...(workspaceId === undefined ? {} : { workspaceId }) });
  });
  if (args.flags.has("json")) {
    process.stdout.write(`${JSON.stringify({ workspace: flagString(args, "workspace") ?? null, ...quality })}\n`);
    return;
  }
  const lines = [["day", "choices", "first_hit", "top_3", "first_page"].join("\t"), ...quality.days.map((day) => qualityLine(day.day, day)), qualityLine("total", quality.total)];
  process.stdout.write(`${lines.join("\n")}\n`);
}
