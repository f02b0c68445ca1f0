// Public entry of @foundry-mcp/blackboard: the context firewall. Validated wave artifacts are
// written atomically under `.foundry/blackboard/` and read back as short summaries.

export { Blackboard, MAX_ARTIFACT_BYTES } from "./blackboard";
export { BlackboardError, BlackboardErrorCode } from "./errors";
export { sanitizeSegment, MAX_SEGMENT_LENGTH } from "./sanitize";
export { BLACKBOARD_DIR, artifactRelativePath } from "./layout";
export {
  summaryOf,
  renderSummaryEntry,
  renderFullEntry,
  MAX_SUMMARY_LENGTH,
  NO_SUMMARY,
} from "./render";

export type {
  BlackboardWriteResult,
  BlackboardReadResult,
  WaveStats,
  BlackboardTotals,
  ArtifactContracts,
} from "./blackboard";
export type { StoredArtifact } from "./scan";
