// @foundry-mcp/memory/recall — the read-only recall path for short-lived processes (the
// prompt-recall hook): memory_search's ranking from the saved recall index alone, loading no
// store, no YAML parser and no schema validator. FoundryMemory.saveRecallIndex writes that index.

export { recallFromIndex, recordEventAt } from "./recall/fast-recall";
export type { FastRecall, RecalledHit } from "./recall/fast-recall";
export { tokenize } from "./search/tokenize";
export type { RunbookSummary } from "./report/format-text";
