// Tool search measured in use: when a caller describes, reads or runs a tool that one of its
// recent search_tools answers showed, the rank the tool had there (1 = the first hit of the first
// page) is one observation of `foundry_tool_search_choice_rank`. Its buckets read as the share of
// choices the ranking had first, in the top 3, on the first page of 10… — a live top-1 and
// recall@k of the deployment's own requests, the figures bench/ measures on labelled sets.
// Recorded into the process's metrics registry: the gateway's and `foya serve --http`'s /metrics.
import { currentTelemetry } from "@foundry-mcp/telemetry";

/** The histogram of the ranks chosen tools had in the search that showed them. */
export const CHOICE_RANK_METRIC = "foundry_tool_search_choice_rank";

/** Rank bounds: first, top 3, top 5, the first page of 10, then deeper pages. */
export const CHOICE_RANK_BUCKETS: readonly number[] = [1, 2, 3, 5, 10, 20, 50, 100];

/** Records the rank of one chosen tool in the search that showed it. */
export function observeChoiceRank(rank: number): void {
  const telemetry = currentTelemetry();
  if (!telemetry.measuring) return;
  telemetry.metrics
    .histogram({
      name: CHOICE_RANK_METRIC,
      help: "Tools chosen after a search_tools answer showed them (described, read or run by the same caller), by the rank they had there: 1 is the first hit of the first page.",
      buckets: CHOICE_RANK_BUCKETS,
    })
    .observe({}, rank);
}
