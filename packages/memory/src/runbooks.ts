// Runbooks: `.foundry/runbooks/<slug>.md` with front matter `title` and `trigger`. Listing
// parses only the front matter; a slug from input is checked before it touches a path, so
// no slug can name a file outside the runbooks folder.

import { promises as fs } from "node:fs";
import path from "node:path";
import { parse as parseYaml } from "yaml";
import { MemoryError, MemoryErrorCode, invalidInput } from "./errors";
import type { RunbookSummary } from "./report/format-text";

/** A runbook with its full markdown (the file as written, front matter included). */
export interface Runbook extends RunbookSummary {
  markdown: string;
}

const SLUG_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

function summarise(slug: string, markdown: string): RunbookSummary {
  const front = /^\uFEFF?---\r?\n([\s\S]*?)\r?\n?---(?:\r?\n|$)/.exec(markdown);
  let fields: Record<string, unknown> = {};
  if (front) {
    try {
      const parsed: unknown = parseYaml(front[1] ?? "", { schema: "core" });
      if (typeof parsed === "object" && parsed !== null && !Array.isArray(parsed))
        fields = parsed as Record<string, unknown>;
    } catch {
      // A runbook with broken front matter is still listed, by its heading or slug.
    }
  }
  const heading = /^#\s+(.+)$/m
    .exec(front ? markdown.slice(front[0].length) : markdown)?.[1]
    ?.trim();
  const title =
    typeof fields.title === "string" && fields.title.trim()
      ? fields.title.trim()
      : (heading ?? slug);
  const rawTrigger = fields.trigger;
  const trigger = Array.isArray(rawTrigger)
    ? rawTrigger.map(String).join(", ")
    : typeof rawTrigger === "string"
      ? rawTrigger.trim()
      : undefined;
  return trigger ? { slug, title, trigger } : { slug, title };
}

async function listSlugs(folder: string): Promise<string[]> {
  try {
    const names = await fs.readdir(folder);
    return names
      .filter((name) => name.endsWith(".md"))
      .map((name) => name.slice(0, -3))
      .filter((slug) => SLUG_PATTERN.test(slug))
      .sort();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

/** Every runbook in `folder`, by slug. */
export async function listRunbooks(folder: string): Promise<RunbookSummary[]> {
  const slugs = await listSlugs(folder);
  const runbooks = await Promise.all(
    slugs.map(async (slug) => {
      try {
        return summarise(slug, await fs.readFile(path.join(folder, `${slug}.md`), "utf8"));
      } catch {
        return undefined; // removed between listing and reading
      }
    }),
  );
  return runbooks.filter((runbook): runbook is RunbookSummary => runbook !== undefined);
}

/** One runbook by slug; unknown slugs list the available ones, unsafe slugs are refused. */
export async function getRunbook(folder: string, slug: string): Promise<Runbook> {
  if (typeof slug !== "string" || !SLUG_PATTERN.test(slug) || slug.includes("..")) {
    throw invalidInput(
      `slug ${JSON.stringify(slug)} is not a runbook name: use letters, digits, ".", "_" and "-" as runbook_list shows them.`,
    );
  }
  const file = path.join(folder, `${slug}.md`);
  if (path.dirname(file) !== path.resolve(folder))
    throw invalidInput(`slug "${slug}" leaves the runbooks folder; use a name from runbook_list.`);
  let markdown: string;
  try {
    markdown = await fs.readFile(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    const available = await listSlugs(folder);
    const list =
      available.length > 0 ? `Available: ${available.join(", ")}.` : "No runbooks exist yet.";
    throw new MemoryError(MemoryErrorCode.RUNBOOK_NOT_FOUND, `no runbook "${slug}". ${list}`, {
      cause: error,
    });
  }
  return { ...summarise(slug, markdown), markdown };
}
