// `foundry report`: token_report's text, from the same handler the server's tool runs.
import { openProject } from "../../project";
import { TOOL_HANDLERS } from "../../tools/handlers";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions } from "../options";

async function runReport(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("report", args, { flags: {}, positionals: [] }, context);
  if (typeof parsed === "number") return parsed;
  const project = openProject(context.root);
  try {
    const output = await TOOL_HANDLERS.token_report(project, {});
    context.stdout(`${typeof output === "string" ? output : output.text}\n`);
    return 0;
  } finally {
    await project.memory.close();
  }
}

/** `foundry report`. */
export const reportCommand: FoundryCommand = {
  name: "report",
  summary: "what memory costs in tokens and what it saves (token_report)",
  usage: `Usage: foundry [--root DIR] report

Prints token_report's text: the index's tokens against its budget, the facts
stored, the blackboard, the recorded events and what the plugin's hooks cost
and saved.
`,
  run: runReport,
};
