// @foundry-mcp/text-analysis — the one public door. One English text analyser for keyword
// search, shared by tool search and memory search so their words meet the same way; and the
// semantic option's shared pieces (embeddings provider seam, vector cache, rank fusion).

export { splitWords, isCompound } from "./words";
export type { SplitOptions } from "./words";
export { foldLetters } from "./fold";
export { ownCopy } from "./own-copy";
export { stemWord, baseForm, isPastForm } from "./stem";
export { acronymsOf, acronymToken } from "./acronyms";
export { DerivationalFamilies, derivationalRoot } from "./derivation";
export { editDistance, typoAllowance } from "./edit-distance";
export { ENGLISH_STOP_WORDS } from "./stop-words";
export { datesIn, mentionsDate, mentionsPersonName, sameDate } from "./mentions";
export type { CalendarDate } from "./mentions";
export { MONTH_NAMES, WEEKDAY_NAMES } from "./month-names";
export { NUMBER_WORDS } from "./number-words";
export { mentionsRelativeDate, numericDatesIn, relativeDatesIn, relativeYearsIn } from "./relative-dates";
export { checkVectors, MAX_EMBEDDING_DIMENSION } from "./semantic/embedding-provider";
export type { EmbeddingFailureKind, EmbeddingOutcome, EmbeddingProvider } from "./semantic/embedding-provider";
export { embeddingsSettingsProblem, openAiEmbeddings, MAX_EMBEDDINGS_RESPONSE_BYTES } from "./semantic/openai-embeddings";
export type { OpenAiEmbeddingsSettings } from "./semantic/openai-embeddings";
export { DEFAULT_MAX_CACHED_VECTORS, VectorCache } from "./semantic/vector-cache";
export type { SavedVectors } from "./semantic/vector-cache";
export { fuseAnchored, keywordCoverage } from "./semantic/anchored-fusion";
export type { LexicalHit, SemanticNeighbour } from "./semantic/anchored-fusion";
export { HybridRanker, semanticSettingsProblem } from "./semantic/hybrid-ranker";
export type { HybridOrder, SemanticSearchSettings, SemanticStatus } from "./semantic/hybrid-ranker";
