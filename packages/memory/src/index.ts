// @foundry-mcp/memory — the one public door. Project memory for coding agents: atomic facts
// with ranked keyword search, safe concurrent writes, a budgeted index, runbooks, events.

export { FoundryMemory } from "./foundry-memory";
export type { EventTotals } from "./events";
export type {
  FoundryMemoryOptions,
  RebuildResult,
  SearchResult,
  WriteResult,
} from "./foundry-memory";
export { MemoryError, MemoryErrorCode } from "./errors";
export { FACT_TYPES, CONFIDENCES } from "./types";
export type { Confidence, Fact, FactInput, FactType, SearchHit } from "./types";
export type {
  FactProblem,
  FactSnapshot,
  FactStoreDriver,
  StoredFactRecord,
} from "./drivers/driver";
export { MarkdownFactStore } from "./drivers/markdown-files";
export type { LoadRequest, MarkdownFactStoreOptions, StoreFreshness } from "./drivers/markdown-store-options";
export type { BegunListing } from "./drivers/folder-scan";
export { WatchedFactStore, withFolderWatch } from "./folder-watch/folder-watch";
export { InMemoryFactStore } from "./drivers/in-memory";
export { SavedIndex, withSavedIndex } from "./saved-index/saved-index";
export type { FileLockOptions } from "./fs/file-lock";
export { DEFAULT_CONFIG, readMemoryConfig } from "./config";
export type { MemoryConfig } from "./config";
export type { MemorySemanticConfig } from "./search/semantic/semantic-config";
export type { SemanticStatus } from "@foundry-mcp/text-analysis";
export { parseFact, serializeFact } from "./facts/fact-file";
export type { ParsedFact } from "./facts/fact-file";
export { validateFactInput, MAX_BODY_WORDS, MAX_SOURCE_CHARS, MAX_TAGS, MAX_TAG_CHARS, MAX_TITLE_CHARS } from "./facts/validate-input";
export type { ValidFactInput } from "./facts/validate-input";
export { titleRelation } from "./facts/restatement";
export { buildIndex } from "./report/build-index";
export { formatIndexLine } from "./report/index-line";
export type { BuiltIndex } from "./report/build-index";
export {
  NO_RUNBOOKS,
  formatFactBlock,
  formatNoHit,
  formatRebuildReport,
  formatRunbookList,
  formatTokenReport,
  formatWriteIndexLine,
} from "./report/format-text";
export type { IndexFigures, MemoryTokenFigures, RunbookSummary } from "./report/format-text";
export type { Runbook } from "./runbooks";
export { buildSearchIndex, IncrementalSearchIndex } from "./search/incremental-index";
export type { SearchIndex } from "./search/search-index";
export { rankFacts, RANKING } from "./search/rank";
export type { RankedFact } from "./search/rank";
export { tokenize } from "./search/tokenize";
export { chooseLayout, insideGitWorkTree, MEMORY_LAYOUTS } from "./layout/memory-layout";
export type { LayoutChoice, MemoryLayout } from "./layout/memory-layout";
export { MERGE_SAFE_ID_MIN, isMergeSafeIdNumber, randomFactId } from "./layout/fact-ids";
export { MIN_SHOWN_DIGITS, ShortFactIds } from "./layout/short-ids";
export type { MergeResolution } from "./facts/merge-resolution";
export { checkMemory } from "./report/memory-check";
export type { MemoryFinding } from "./report/memory-check";
