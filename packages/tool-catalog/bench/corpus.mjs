// Loads the shared MCP tools corpus into a ToolCatalog (one toolset per server, names
// prefixed `<server>_`) and synthesises larger catalogs by variation. Used by run.mjs and explain.mjs.
import { existsSync, readFileSync } from "node:fs";
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { seededRandom } from "../../../tooling/test-support.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const repoRoot = resolve(here, "../../..");
export const corpusPath = resolve(repoRoot, "../shared/data/mcp-tools-corpus.json");

export function loadCorpus() {
  if (!existsSync(corpusPath)) return undefined;
  return JSON.parse(readFileSync(corpusPath, "utf8"));
}

export function kindOf(entry) {
  if (entry.readOnly === true) return "read";
  if (entry.annotations?.destructiveHint === true) return "destructive";
  return "write";
}

export const keyOf = (entry) => `${entry.server}/${entry.name}`;
export const toolNameOf = (entry, suffix = "") => `${entry.server}_${entry.name}${suffix}`;

/** Toolset definitions: one per server, described by the server's own groupings. */
export function toolsetsOf(entries) {
  const groups = new Map();
  for (const entry of entries) {
    const set = groups.get(entry.server) ?? new Set();
    if (entry.toolset !== entry.server) set.add(entry.toolset);
    groups.set(entry.server, set);
  }
  return [...groups].map(([server, set]) => ({
    name: server,
    prefix: `${server}_`,
    title: server,
    description: set.size > 0 ? `${server} tools: ${[...set].join(", ")}` : `${server} tools`,
  }));
}

export function toolOf(entry, suffix = "", description = entry.description) {
  return {
    name: toolNameOf(entry, suffix),
    title: entry.annotations?.title ?? entry.title,
    description,
    toolset: entry.server,
    kind: kindOf(entry),
    inputSchema: entry.inputSchema ?? { type: "object" },
    handler: () => ({ ok: true }),
  };
}

/** Fills a catalog with the corpus; returns name → corpus key. */
export function fillCatalog(catalog, entries) {
  for (const toolset of toolsetsOf(entries)) catalog.defineToolset(toolset);
  const keys = new Map();
  for (const entry of entries) {
    const tool = toolOf(entry);
    catalog.register(tool);
    keys.set(tool.name, keyOf(entry));
  }
  return keys;
}


/** A catalog of `size` tools: the corpus, then variants whose descriptions borrow words from other tools. */
export function fillSynthetic(catalog, entries, size) {
  for (const toolset of toolsetsOf(entries)) catalog.defineToolset(toolset);
  const next = seededRandom(419); // synthesised catalogs are the same every run
  const words = entries.flatMap((entry) => entry.description.split(/\s+/).filter((word) => word.length > 3));
  for (let index = 0; index < size; index += 1) {
    const entry = entries[index % entries.length];
    const copy = Math.floor(index / entries.length);
    if (copy === 0) {
      catalog.register(toolOf(entry));
      continue;
    }
    const borrowed = Array.from({ length: 6 }, () => words[Math.floor(next() * words.length)]).join(" ");
    catalog.register(toolOf(entry, `_v${copy}`, `${entry.description} ${borrowed}`));
  }
}
