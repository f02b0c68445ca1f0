// `foya learned list [--server NAME] [--json]` and `foya learned forget [--server NAME | --tool NAME]`:
// what `foya serve --progressive` learned from its clients' searches (a request and the tool the
// client then used, in $FOYA_HOME/learned-requests.json), shown and forgotten through
// client-manager's LearnedRequestsFile (under the home's lock, as serve writes it). Running serves
// notice a forget at their next look (FOYA_LEARNED_REFRESH_MS, default 10 s) and drop those words,
// also pairs a serve had failed to write yet: the file records each forget for them.
// A --server that is not configured is no error: a removed server's pairs stay until forgotten.
import { hostToolPrefix, serverNameProblem } from "@foundry-mcp/client-manager";
import { LearnedRequestsFile, selectionPicks, type LearnedSelection } from "@foundry-mcp/client-manager/node";
import { MAX_TOOL_NAME_LENGTH } from "@foundry-mcp/tool-catalog";
import { parseArguments, type ParsedArguments } from "../cli/args";
import { usageError } from "../cli/errors";
import { formatJson, formatTable } from "../cli/output";
import type { Command } from "./context";

/** The widest request cell of the text table (--json has them whole). */
const REQUEST_CELL = 96;

/** Which pairs a command is about: all, one server's (`mcp__<server>__…`) or one tool's. */
interface Scope {
  selection: LearnedSelection;
  /** Words for messages: "" or ` for server "ev"` / ` for tool mcp__ev__get-sum`. */
  words: string;
}

function scopeOf(parsed: ParsedArguments, command: string): Scope {
  const { server, tool } = parsed.values;
  if (server !== undefined && tool !== undefined) throw usageError("--server and --tool cannot be given together; pick one", command);
  if (server !== undefined) {
    const problem = serverNameProblem(server);
    if (problem !== undefined) throw usageError(`--server: ${problem}`, command);
    return { selection: { toolPrefix: hostToolPrefix(server) }, words: ` for server "${server}"` };
  }
  if (tool !== undefined) {
    if (tool === "" || tool.length > MAX_TOOL_NAME_LENGTH) {
      throw usageError(`--tool must be a tool name of 1-${MAX_TOOL_NAME_LENGTH} characters as foya learned list shows it (mcp__<server>__<tool>), got ${tool.length} characters`, command);
    }
    return { selection: { tool }, words: ` for tool ${tool}` };
  }
  return { selection: { all: true }, words: "" };
}

/** `foya learned list`: newest first, the tool under the name foya serve shows it. */
export const learnedList: Command = async (argv, context) => {
  const command = "learned list";
  const parsed = parseArguments(argv, { command, options: { server: "value", json: "flag" }, positionals: [] });
  const scope = scopeOf(parsed, command);
  const file = new LearnedRequestsFile(context.home);
  const learned = file.loadOrThrow().filter((pair) => selectionPicks(scope.selection, pair)).reverse();
  if (parsed.flags.has("json")) {
    context.output.out(formatJson({ file: file.path, learned }));
  } else if (learned.length === 0) {
    context.output.out(`No learned requests${scope.words} in ${file.path}. foya serve --progressive learns them from its client's searches.`);
  } else {
    // formatTable cuts every cell at the one width: tool names are at most 64 characters, requests up to 2,000.
    context.output.out(formatTable(["tool", "request"], learned.map((pair) => [pair.tool, pair.request]), REQUEST_CELL));
  }
  return 0;
};

/** `foya learned forget`: all pairs, or one server's, or one tool's; says how many went. */
export const learnedForget: Command = async (argv, context) => {
  const command = "learned forget";
  const parsed = parseArguments(argv, { command, options: { server: "value", tool: "value" }, positionals: [] });
  const scope = scopeOf(parsed, command);
  const forgotten = new LearnedRequestsFile(context.home).forget(scope.selection);
  context.output.out(`Forgot ${forgotten} learned request${forgotten === 1 ? "" : "s"}${scope.words}.`);
  return 0;
};
