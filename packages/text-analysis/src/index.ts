// @foundry-mcp/text-analysis — the one public door. One English text analyser for keyword
// search, shared by tool search and memory search so their words meet the same way.

export { splitWords, isCompound } from "./words";
export type { SplitOptions } from "./words";
export { stemWord, baseForm, isPastForm } from "./stem";
export { acronymsOf, acronymToken } from "./acronyms";
export { ENGLISH_STOP_WORDS } from "./stop-words";
export { mentionsDate, mentionsPersonName } from "./mentions";
