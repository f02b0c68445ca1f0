// The package's public door: the catalog, its types, rows helpers, quota drivers and errors.

export { ToolCatalog, MAX_TOOL_NAME_LENGTH, SEARCH_DEFAULT_LIMIT, SEARCH_MAX_LIMIT } from "./catalog";
export type { ToolCatalogOptions, SearchInput, SearchPage } from "./catalog";
export { annotationsFor, TOOL_KINDS } from "./annotations";
export { pageRows, pageWindowOf, checkFields, pagingOf, projectRow, pagingInputSchema, fieldsInputSchema, DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from "./rows";
export type { PageInput, RowPage } from "./rows";
export { MemoryQuotaDriver } from "./drivers/memory";
export { SqliteQuotaDriver } from "./drivers/sqlite";
export type { SqliteQuotaDriverOptions, SqliteDatabaseLike } from "./drivers/sqlite";
export { QUOTA_WINDOW_MS, windowResetOf, windowStartOf } from "./drivers/quota-driver";
export type { QuotaDriver, QuotaDecision, QuotaUsage } from "./drivers/quota-driver";
export { CatalogError, CatalogErrorCode } from "./errors";
export type { CatalogErrorOptions } from "./errors";
export { toToolOutput } from "./dispatch/output";
export { runAdmittedCall } from "./dispatch/dispatcher";
export type { AdmittedCall, CatalogHooks, EntryPoint, EntryPointNames } from "./dispatch/dispatcher";
export { DEFAULT_BM25F } from "./search/bm25f-index";
export type { Bm25fSettings } from "./search/bm25f-index";
export type { SearchOptions, RerankerSettings } from "./search/tool-search";
export { DEFAULT_LEARNED_PER_TENANT, DEFAULT_LEARNED_PER_TOOL, DEFAULT_LEARNED_TOTAL, MAX_LEARNED_REQUEST_LENGTH, MAX_TENANT_LENGTH } from "./search/learned-requests";
export { MAX_TENANT_OVERLAYS } from "./search/learned-tenants";
// When two learned requests of one tool are one (spacing and case folded) and what of one may be kept: core's rules, which hosts keeping pairs share.
export { learnableRequest, sameLearnedRequest } from "@foundry-mcp/core";
export type { LearnedRequest, LearnedSelection, LearningOptions } from "./search/learned-requests";
export { RERANK_FEATURES } from "./search/rerank";
export type { RerankFeature, RerankWeights } from "./search/rerank";
export { RERANK_WEIGHTS } from "./search/rerank-weights";
// The semantic option's pieces, so a catalog user needs no second import (search/semantic/).
export { openAiEmbeddings, VectorCache } from "@foundry-mcp/text-analysis";
export type { EmbeddingProvider, EmbeddingOutcome, OpenAiEmbeddingsSettings, SemanticSearchSettings, SemanticStatus } from "@foundry-mcp/text-analysis";
export type { VocabularyExtension } from "./search/query";
export type {
  ToolKind,
  CallContext,
  ToolsetDefinition,
  ToolDefinition,
  ToolOutput,
  ToolContent,
  ToolAnnotations,
  ToolDescription,
  SearchResult,
  SearchField,
  Paging,
  JsonSchemaObject,
} from "./types";
