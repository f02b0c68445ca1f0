// The `using-amicited` skill and the server instructions: both teach find → describe → execute.
// The skill ships as dist/skills/using-amicited/SKILL.md (copied at build by scripts/copy-skill.mjs)
// and is served as the MCP resource SKILL_URI.
import fs from "node:fs";
import { fileURLToPath } from "node:url";

/** URI of the skill resource. */
export const SKILL_URI = "amicited://skills/using-amicited";
/** URI of the toolsets overview resource. */
export const TOOLSETS_URI = "amicited://toolsets";

/** The instructions returned by initialize. */
export const SERVER_INSTRUCTIONS = [
  "AmICited gateway: 300+ tools for AI visibility, search consoles, ads, e-shop, uptime and reports, behind four.",
  'Pattern: 1) search_tools with the question in plain words ("is the site down", "customer lifetime value"), or an empty query plus a toolset to browse; 2) describe_tool for the exact input schema and kind; 3) read_tool for kind read (free, repeatable), run_tool for write, paid (spends credits) and destructive.',
  "There is no workspace argument: the token fixes it. Nearly every tool needs domain_id: get it from list_domains first.",
  "Lists return 25 rows by default (limit up to 500) with a paging block: pass paging.next_offset as offset. Pass fields to get only some columns.",
  `Calls are capped per workspace per hour; tools/list and reading the skill (${SKILL_URI}) are free.`,
].join("\n");

const candidates = [
  new URL("./skills/using-amicited/SKILL.md", import.meta.url),
  new URL("../skills/using-amicited/SKILL.md", import.meta.url),
  new URL("../src/skills/using-amicited/SKILL.md", import.meta.url),
];

/** The skill's markdown, from the build output or the source tree. */
export function loadSkill(): string {
  for (const candidate of candidates) {
    try {
      return fs.readFileSync(fileURLToPath(candidate), "utf8");
    } catch {
      // try the next location
    }
  }
  return `# using-amicited\n\n${SERVER_INSTRUCTIONS}\n`;
}
