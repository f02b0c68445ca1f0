// Picks what a failure message should quote: the stderr line of a stdio server that explains a
// failed start. Used by server-session (status lines).

const ERROR_LINE = /error|exception|cannot|not found|denied|EADDR|ENOENT/i;

/**
 * The stderr line that best explains a failure: the first one that looks like an error
 * (`Error: Cannot find module …`), else the last one. Node prints its version as the last line
 * of a crash, which says nothing about the cause.
 */
export function informativeStderrLine(lines: readonly string[]): string | undefined {
  return lines.find((line) => ERROR_LINE.test(line)) ?? lines.at(-1);
}
