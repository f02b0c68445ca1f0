// `foundry import <file|folder>`: facts from what people already keep (a `foundry export` file,
// Claude Code's MEMORY.md or CLAUDE.md bullet lists, an ADR folder; see ../import/), each
// written through FoundryMemory.write, memory_write's own path, so it dedupes exactly as the
// tool does. Prints one line per entry and the counts: created, unchanged (already held),
// superseded (restated an active fact, which it replaced), skipped and rejected.
import { MemoryError } from "@foundry-mcp/memory";
import type { FoundryMemory } from "@foundry-mcp/memory";
import type { CommandContext, FoundryCommand } from "../command";
import type { ImportEntry } from "../import/entry";
import { ImportSourceError, MAX_IMPORT_BYTES, MAX_IMPORT_ENTRIES, readImportSource } from "../import/sources";
import type { ImportSource } from "../import/sources";
import { parseOptions, withMemory } from "../options";

type Outcome = "created" | "unchanged" | "superseded" | "skipped" | "rejected";
const OUTCOMES: readonly Outcome[] = ["created", "unchanged", "superseded", "skipped", "rejected"];

async function importEntry(memory: FoundryMemory, entry: ImportEntry): Promise<{ outcome: Outcome; line: string }> {
  if (entry.rejected) return { outcome: "rejected", line: `rejected: ${entry.rejected}` };
  if (!entry.input) return { outcome: "skipped", line: `skipped: ${entry.skipped ?? "nothing to import"}` };
  try {
    const result = await memory.write(entry.input);
    const outcome = result.outcome === "duplicate" ? "unchanged" : result.supersedes ? "superseded" : "created";
    return { outcome, line: result.text.split("\n")[0] as string };
  } catch (error) {
    if (!MemoryError.isInstance(error) || error.code !== "INVALID_INPUT") throw error;
    return { outcome: "rejected", line: `rejected: ${error.message}` };
  }
}

async function runImport(args: readonly string[], context: CommandContext): Promise<number> {
  const parsed = parseOptions("import", args, { flags: {}, positionals: ["file|folder"] }, context);
  if (typeof parsed === "number") return parsed;
  const target = parsed.positionals[0] as string;
  let source: ImportSource;
  try {
    source = readImportSource(target, context.cwd, new Date().toISOString().slice(0, 10));
  } catch (error) {
    if (!(error instanceof ImportSourceError)) throw error;
    context.stderr(`foundry import: ${error.message}\n`);
    return 1;
  }
  return withMemory("import", context, [], async (memory) => {
    const counts: Record<Outcome, number> = { created: 0, unchanged: 0, superseded: 0, skipped: 0, rejected: 0 };
    for (const entry of source.entries) {
      const { outcome, line } = await importEntry(memory, entry);
      counts[outcome] += 1;
      context.stdout(`${entry.label}: ${line}\n`);
    }
    const total = source.entries.length;
    context.stdout(`Imported ${target} (${source.format}, ${total} ${total === 1 ? "entry" : "entries"}): ${OUTCOMES.map((outcome) => `${counts[outcome]} ${outcome}`).join(", ")}.\n`);
    return counts.rejected > 0 ? 1 : 0;
  });
}

/** `foundry import`. */
export const importCommand: FoundryCommand = {
  name: "import",
  summary: "import facts from MEMORY.md, CLAUDE.md, an ADR folder or an export file",
  usage: `Usage: foundry [--root DIR] import <file|folder>

Writes each fact through memory_write's rules, so it dedupes exactly as the tool
does: a fact already held is unchanged, one whose title restates an active fact
of the same type and scope supersedes it. Reads:
  a folder           an ADR folder: its NNNN-title.md files (adr-tools or MADR),
                     one decision each, with source adr-NNNN; superseded,
                     deprecated and rejected records are skipped
  *.jsonl, *.json    a foundry export file: its active facts (superseded and
                     expired ones are skipped; ids and dates are the store's)
  any other file     a markdown bullet list (Claude Code's MEMORY.md, CLAUDE.md):
                     one fact per top-level bullet; title = its first sentence,
                     type constraint when it says must/never/always/do not/only,
                     else convention; the heading above it becomes a tag
Prints one line per entry and the counts of created, unchanged, superseded,
skipped and rejected facts. Bounds: ${MAX_IMPORT_BYTES / 1024 / 1024} MiB per file, ${MAX_IMPORT_ENTRIES} entries.
Exit code 1 when an entry is rejected (the others are still written).
`,
  run: runImport,
};
