// How foya prints: aligned plain-text tables for people, stable pretty JSON for scripts, and a
// progress line on stderr that rewrites itself on a terminal and prints whole lines elsewhere.
// stdout carries only the answer, so `foya … --json | jq` always works.

/** Where the CLI writes; tests and serve substitute their own. */
export interface Output {
  out(text: string): void;
  err(text: string): void;
  /** True when stderr is a terminal (progress lines may rewrite themselves). */
  interactive: boolean;
}

/** The process's stdout and stderr. */
export function processOutput(): Output {
  return {
    out: (text) => process.stdout.write(text.endsWith("\n") ? text : `${text}\n`),
    err: (text) => process.stderr.write(text.endsWith("\n") ? text : `${text}\n`),
    interactive: Boolean(process.stderr.isTTY),
  };
}

/** Stable JSON for scripts: two-space indent, keys in the order the command built them. */
export function formatJson(value: unknown): string {
  return `${JSON.stringify(value, null, 2)}\n`;
}

/**
 * A left-aligned text table with a header row; cells are folded to one line and cut at `maxCell`
 * characters so one long description cannot wreck the layout.
 *
 * @example formatTable(["name", "state"], [["mem", "connected"]])
 */
export function formatTable(header: readonly string[], rows: readonly (readonly string[])[], maxCell = 72): string {
  const clean = (cell: string): string => {
    const line = cell.replace(/\s+/g, " ").trim();
    return line.length > maxCell ? `${line.slice(0, maxCell - 1)}…` : line;
  };
  const table = [header.map(clean), ...rows.map((row) => row.map(clean))];
  const widths = header.map((_, column) => Math.max(...table.map((row) => (row[column] ?? "").length)));
  const lines = table.map((row) =>
    row
      .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column] ?? 0)))
      .join("  ")
      .trimEnd(),
  );
  return `${lines.join("\n")}\n`;
}

/**
 * A progress reporter on stderr: on a terminal one line rewritten in place, elsewhere one line per
 * distinct message (so logs stay readable). `done()` clears the live line.
 */
export function progressLine(output: Output): { update(text: string): void; done(): void } {
  let last = "";
  return {
    update(text: string) {
      if (text === last) return;
      last = text;
      if (output.interactive) process.stderr.write(`\r\u001b[2K${text}`);
      else output.err(text);
    },
    done() {
      if (output.interactive && last !== "") process.stderr.write("\r\u001b[2K");
      last = "";
    },
  };
}
