// The one rule for when two learned search requests of one tool are the same request: spacing and
// case do not count. It is here, not in tool-catalog (whose catalog learns them), because the
// processes that keep learned requests must dedupe by the catalog's rule too and some of them may
// not import tool-catalog: client-manager's LearnedRequestsFile (tooling/layers.json). tool-catalog
// re-exports it; progressive's kept learning and the file key their pairs with it.

/**
 * What makes two learned requests of one tool the same request: runs of spacing folded to one
 * space, the ends trimmed, the case lowered. Two requests are one when their keys are equal.
 *
 * @example sameLearnedRequest("  Tot up\ttwo  Numbers ") // "tot up two numbers"
 */
export const sameLearnedRequest = (request: string): string => request.replace(/\s+/g, " ").trim().toLowerCase();
