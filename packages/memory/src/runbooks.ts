// Runbooks: `.foundry/runbooks/<slug>.md` with front matter `title` and `trigger`. Listing
// parses only the front matter; a slug from input is checked before it touches a path, so
// no slug can name a file outside the runbooks folder, and every read goes through
// bounded-read.ts, so no runbook that is a link out of `.foundry/`, a FIFO or an oversize file
// is read (the list and the answer say why instead).

import { promises as fs } from "node:fs";
import path from "node:path";
import { FILE_BOUNDS, readBoundedText } from "./fs/bounded-read";
import { frontMatterOverBounds } from "./facts/front-matter-bounds";
import type { BoundedReadOptions } from "./fs/bounded-read";
import { parse as parseYaml } from "yaml";
import { isJsonObject } from "@foundry-mcp/core/json";
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
  // Front matter over its bounds (front-matter-bounds.ts) is not parsed: the heading or slug names it.
  if (front && !frontMatterOverBounds(front[1] ?? "")) {
    try {
      const parsed: unknown = parseYaml(front[1] ?? "", { schema: "core" });
      if (isJsonObject(parsed)) fields = parsed;
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
    // A runbooks folder that is a link out of `.foundry/` lists nothing (its files are refused too).
    const boundary = await fs.realpath(path.dirname(path.resolve(folder)));
    const relative = path.relative(boundary, await fs.realpath(folder));
    if (relative.startsWith("..") || path.isAbsolute(relative)) return [];
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

function readOptions(folder: string): BoundedReadOptions {
  // The runbooks folder sits in `.foundry/`: links may point anywhere inside that, never out.
  return { boundary: path.dirname(path.resolve(folder)), maxBytes: FILE_BOUNDS.runbook };
}

/**
 * Every runbook in `folder`, by slug. One that is not read (a link out of `.foundry/`, not a
 * regular file, over the size bound) is listed with `refused`, the reason, and no title from it.
 */
export async function listRunbooks(folder: string): Promise<RunbookSummary[]> {
  const slugs = await listSlugs(folder);
  const runbooks = slugs.map((slug): RunbookSummary | undefined => {
    try {
      const read = readBoundedText(path.join(folder, `${slug}.md`), readOptions(folder));
      if (read.ok) return summarise(slug, read.text);
      return read.refusal === "missing" ? undefined : { slug, title: slug, refused: read.reason };
    } catch {
      return undefined; // unreadable: removed between listing and reading, or no permission
    }
  });
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
  const read = readBoundedText(file, readOptions(folder));
  if (!read.ok && read.refusal !== "missing")
    throw new MemoryError(MemoryErrorCode.FILE_REFUSED, `runbook "${slug}" was not read: ${read.reason}.`);
  if (!read.ok) {
    const available = await listSlugs(folder);
    const list =
      available.length > 0 ? `Available: ${available.join(", ")}.` : "No runbooks exist yet.";
    throw new MemoryError(MemoryErrorCode.RUNBOOK_NOT_FOUND, `no runbook "${slug}". ${list}`);
  }
  return { ...summarise(slug, read.text), markdown: read.text };
}
