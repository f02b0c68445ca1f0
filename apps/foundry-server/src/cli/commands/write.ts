// `foundry write --title --body --type [...]`: stores one fact through FoundryMemory.write, the
// call memory_write makes, so the bounds, dedupe, supersede rules and the answer are the tool's.
import { CONFIDENCES, FACT_TYPES, MAX_BODY_WORDS, MAX_TITLE_CHARS } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import { parseOptions, withMemory } from "../options";

const FLAGS = ["title", "body", "type", "scope", "tags", "confidence", "source", "expires", "supersedes"] as const;

async function runWrite(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions(
    "write",
    args,
    { flags: { ...Object.fromEntries(FLAGS.map((flag) => [flag, "value" as const])), tags: "list" }, positionals: [], required: ["title", "body", "type"] },
    context,
  );
  if (typeof parsed === "number") return parsed;
  const { values, lists } = parsed;
  return withMemory("write", context, FLAGS, async (memory) => {
    const result = await memory.write({
      title: values.title as string,
      body: values.body as string,
      type: values.type as string,
      scope: values.scope,
      tags: lists.tags ? [...lists.tags] : undefined,
      confidence: values.confidence,
      source: values.source,
      expires: values.expires,
      supersedes: values.supersedes,
    });
    context.stdout(`${result.text}\n`);
    return 0;
  });
}

/** `foundry write`. */
export const writeCommand: FoundryCommand = {
  name: "write",
  summary: "store one fact with memory_write's rules and answer",
  usage: `Usage: foundry [--root DIR] write --title T --body B --type T [options]

Stores one fact exactly as the memory_write tool does: the same bounds, the same
dedupe (the same title and body as an active fact writes nothing; a title that
restates an active fact of the same type and scope supersedes it) and the same
answer. Required:
  --title T       the fact itself, one line of at most ${MAX_TITLE_CHARS} characters
  --body B        why it holds and how to apply it, at most ${MAX_BODY_WORDS} words; a decision
                  or risk needs a "Why:" line and a "How to apply:" line
  --type T        ${FACT_TYPES.join(" | ")}
Optional:
  --scope S       project (default) | module:<name> | vertical:<name>
  --tags a,b      comma-separated; may be repeated
  --confidence C  ${CONFIDENCES.join(" | ")} (default medium)
  --source S      adr-NNNN | conversation (default) | code | external:<url>, or
                  a short name of where the fact came from
  --expires D     YYYY-MM-DD, the last day the fact is loaded
  --supersedes ID the active fact this one replaces
Exit code 2 when an input breaks a rule (the message names the flag and the bound).
`,
  run: runWrite,
};
