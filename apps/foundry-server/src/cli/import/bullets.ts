// Claude Code's MEMORY.md and CLAUDE.md: each top-level bullet is a fact. The rule (README,
// "foundry import"): the title is the bullet's first sentence (links reduced to their text,
// bold marks dropped, cut to 80 characters), the body the whole bullet with its nested lines;
// the type is `constraint` when the bullet says must / never / always / do not / don't /
// only, else `convention`; the nearest heading above becomes a tag; the source is the file's
// name. Bullets inside fenced code blocks are not facts.
import { MAX_TAG_CHARS } from "@foundry-mcp/memory";
import type { ImportEntry } from "./entry";
import { cutChars, oneLine, withoutLinks } from "./entry";

const BULLET = /^([-*+])\s+(?:\[[ xX]\]\s+)?(.*)$/;
const CONSTRAINT_WORDS = /\b(?:must|never|always|do not|don't|only|required)\b/i;

function plain(text: string): string {
  return withoutLinks(text).replace(/\*\*([^*]+)\*\*/g, "$1");
}

/** The first sentence of a bullet: up to the first `.`, `!` or `?` followed by a space. */
function firstSentence(text: string): string {
  const end = /[.!?](?:\s|$)/.exec(text);
  return (end ? text.slice(0, end.index) : text).trim();
}

function headingTag(heading: string | undefined): string[] {
  if (!heading) return [];
  const tag = heading.toLowerCase().replace(/[^\p{L}\p{N} ._/:#+-]/gu, "").trim().slice(0, MAX_TAG_CHARS).trim();
  return /^[\p{L}\p{N}]/u.test(tag) ? [tag] : [];
}

interface OpenBullet {
  line: number;
  lines: string[];
  heading?: string;
}

function toEntry(bullet: OpenBullet, fileName: string): ImportEntry {
  const [first = "", ...nested] = bullet.lines.map(plain);
  const body = [oneLine(first), ...nested.map((line) => line.trim()).filter(Boolean)].join("\n");
  const title = cutChars(firstSentence(oneLine(first)).replace(/[:;,]$/, ""));
  return {
    label: `${fileName}:${bullet.line}`,
    input: {
      title,
      body,
      type: CONSTRAINT_WORDS.test(body) ? "constraint" : "convention",
      tags: headingTag(bullet.heading),
      source: fileName,
    },
  };
}

/** The facts of a markdown bullet list (MEMORY.md, CLAUDE.md), one per top-level bullet. */
export function bulletEntries(text: string, fileName: string): ImportEntry[] {
  const entries: ImportEntry[] = [];
  let heading: string | undefined;
  let open: OpenBullet | undefined;
  let fence: string | undefined;
  const close = (): void => {
    if (open) entries.push(toEntry(open, fileName));
    open = undefined;
  };
  text.split(/\r?\n/).forEach((line, index) => {
    const fenceMark = /^\s*(```|~~~)/.exec(line)?.[1];
    if (fence !== undefined) {
      if (fenceMark === fence) fence = undefined;
      return;
    }
    if (fenceMark !== undefined) {
      close();
      fence = fenceMark;
      return;
    }
    const headingMatch = /^#{1,6}\s+(.*)$/.exec(line);
    const bullet = BULLET.exec(line);
    if (headingMatch) {
      close();
      heading = plain(headingMatch[1] as string).trim();
    } else if (bullet && (bullet[2] as string).trim()) {
      close();
      open = { line: index + 1, lines: [bullet[2] as string], heading };
    } else if (open && /^\s+\S/.test(line)) {
      open.lines.push(line);
    } else if (line.trim()) {
      close();
    }
  });
  close();
  return entries;
}
