// Public entry of @foundry-mcp/progressive: the four base tools over a ToolCatalog, their one
// result format, the MCP-annotations → kind rule, the client-manager → catalog bridge, and the
// progressive surface of client-manager's aggregating server.
export { BASE_TOOL_NAMES, baseTools } from "./base-tools";
export type { BaseToolName } from "./base-tools";
export { createProgressiveSurface, listedToolOf } from "./surface";
export type { ProgressiveSurface, ProgressiveSurfaceOptions } from "./surface";
export { MAX_CALLERS, SEARCHES_PER_CALLER } from "./search-learning";
export { CHOICE_RANK_BUCKETS, CHOICE_RANK_METRIC } from "./choice-rank";
export type { SearchChoice, SearchLearning } from "./search-learning";
export { subjectOf, TOOL_ERROR_RESULT } from "./outcome";
export type { CallAnswer, CallOutcome, CallStep } from "./outcome";
export { compactSearch, errorResult, jsonResult, toCallResult } from "./results";
export { kindFromAnnotations, MCP_ANNOTATION_DEFAULTS } from "./kinds";
export type { KindHints } from "./kinds";
export { ClientToolsets, toolsetNameOf } from "./client-toolsets";
export type { ClientCallResult, ClientToolSource, ClientToolsetsOptions, SyncReport } from "./client-toolsets";
export { aggregateProgressiveSurface, progressiveSurfaceFactory } from "./aggregate-surface";
export type { AggregateLearning } from "./aggregate-surface";
export { DEFAULT_FOLLOW_MS } from "./kept-learning";
export type { LearnedRequestKeeper } from "./kept-learning";
export type { CallResult, ListedTool } from "./wire";
