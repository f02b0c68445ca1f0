// A fact file that git could not merge holds conflict markers (`<<<<<<< ours`, `=======`,
// `>>>>>>> theirs`). Parsing would fail with a YAML error that says nothing useful, so the
// markers are recognised first and the file is skipped with a reason that says what happened
// and how to finish the merge.

const MARKER = /^(?:<{7}(?: .*)?|={7}|>{7}(?: .*)?|\|{7}(?: .*)?)$/;

/** The 1-based line numbers of git conflict markers in `source` (empty when there are none). */
export function conflictMarkerLines(source: string): number[] {
  if (!source.includes("<<<<<<<") && !source.includes(">>>>>>>")) return [];
  const lines: number[] = [];
  let opened = false;
  source.split(/\r?\n/).forEach((line, index) => {
    if (!MARKER.test(line)) return;
    lines.push(index + 1);
    if (line.startsWith("<<<<<<<")) opened = true;
  });
  // A lone "=======" is a markdown heading underline, not a conflict.
  return opened ? lines : [];
}

/** Why a file with conflict markers is skipped, or undefined for a file without them. */
export function conflictMarkerReason(source: string): string | undefined {
  const lines = conflictMarkerLines(source);
  if (lines.length === 0) return undefined;
  return (
    `unfinished git merge: conflict markers on lines ${lines.join(", ")}. ` +
    "Keep the text you want between <<<<<<< and >>>>>>>, delete the marker lines, then `git add` the file; " +
    "the fact is left out of search and the index until then"
  );
}
