// `foundry doctor`: what is wrong with this project's memory, and what the store resolved by
// itself after a merge (checkMemory of @foundry-mcp/memory; in git also the edits of superseded
// facts their superseding fact never saw, superseded-edits.ts), plus the Node version. Exit code 1
// when a finding needs a person (an unreadable file, a leftover conflict marker, a dangling
// supersedes link, a Claude Code settings file that does not parse), else 0. It also says how
// Claude Code is wired to the memory: the foundry-core plugin, the bare server, or neither
// (plugin-wiring.ts).

import { FoundryMemory, checkMemory, insideGitWorkTree } from "@foundry-mcp/memory";
import type { MemoryFinding } from "@foundry-mcp/memory";
import { unknownArgument } from "./command";
import type { CommandContext, FoundryCommand } from "./command";
import { pluginWiringFindings } from "./plugin-wiring";
import { unseenEditsOfSupersededFacts } from "./superseded-edits";

const MARK: Record<MemoryFinding["level"], string> = { ok: "ok     ", note: "note   ", problem: "PROBLEM" };
const MINIMUM_NODE = [20, 19] as const;

type Finding = Pick<MemoryFinding, "level" | "text">;

function nodeFinding(version: string): Finding {
  const [major = 0, minor = 0] = version.replace(/^v/, "").split(".").map(Number);
  const supported = major > MINIMUM_NODE[0] || (major === MINIMUM_NODE[0] && minor >= MINIMUM_NODE[1]);
  return supported
    ? { level: "ok", text: `node: ${version}.` }
    : { level: "problem", text: `node: ${version} is older than ${MINIMUM_NODE.join(".")}; install Node 20.19 or newer.` };
}

async function runDoctor(args: readonly string[], context: CommandContext): Promise<number> {
  if (args.length > 0) return unknownArgument("doctor", args[0] as string, context);
  const memory = new FoundryMemory({ root: context.root });
  try {
    const findings: Finding[] = [nodeFinding(process.version), ...pluginWiringFindings(context.root), ...(await checkMemory(memory))];
    if (insideGitWorkTree(context.root)) {
      const edits = unseenEditsOfSupersededFacts(context.root, memory.paths.facts, await memory.storedFacts());
      findings.splice(findings.length - 1, 0, ...edits.map((text): Finding => ({ level: "note", text })));
    }
    const lines = findings.map((finding) => `${MARK[finding.level]} ${finding.text}`);
    const problems = findings.filter((finding) => finding.level === "problem").length;
    const notes = findings.filter((finding) => finding.level === "note").length;
    context.stdout(
      `foundry doctor: ${context.root} (root from ${context.rootSource})\n${lines.join("\n")}\n` +
        `${problems} ${problems === 1 ? "problem" : "problems"}, ${notes} ${notes === 1 ? "note" : "notes"}.\n`,
    );
    return problems > 0 ? 1 : 0;
  } finally {
    await memory.close();
  }
}

/** `foundry doctor`. */
export const doctorCommand: FoundryCommand = {
  name: "doctor",
  summary: "check the memory: layout, unreadable files, merge resolutions, links, INDEX.md",
  usage: `Usage: foundry [--root DIR] doctor

Checks the project's memory and prints one line per finding:
  ok       all is well
  note     something the store resolved by itself (a fact a merge left
           restating or duplicating another, an edit of a fact that another
           branch superseded, an out-of-date INDEX.md) or a hint
  PROBLEM  needs a person: a fact file that cannot be read (leftover git
           conflict markers included), a supersedes link to a fact not stored,
           a Claude Code settings file or .mcp.json that does not parse, a
           server script .mcp.json names that does not exist
The first lines check Node.js (20.19 or newer) and the plugin wiring: whether
foundry-core is enabled in .claude/settings.local.json, .claude/settings.json
or ~/.claude/settings.json (its hooks put memory in context), or .mcp.json
registers only the server (tools, no hooks).
Exit code 1 when there is a PROBLEM, else 0.
`,
  run: runDoctor,
};
