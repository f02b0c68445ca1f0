// The one result format of the surface: JSON answers carry the same value as compact text and
// as structuredContent; every refusal is an isError result whose text is `CODE: message`
// (server-kit's toolErrorResult, the shape every Foundry MCP edge uses).
import { CodedError } from "@foundry-mcp/core";
import { toolErrorResult } from "@foundry-mcp/server-kit";
import { CatalogError, CatalogErrorCode, type SearchPage, type ToolOutput } from "@foundry-mcp/tool-catalog";
import type { CallResult } from "./wire";

/** A JSON value as a result: compact text plus the same object as structuredContent. */
export function jsonResult(value: Record<string, unknown>): CallResult {
  return { content: [{ type: "text", text: JSON.stringify(value) }], structuredContent: value };
}

/** A catalog ToolOutput as the wire carries it (fields left out stay out). */
export function toCallResult(output: ToolOutput): CallResult {
  const result: CallResult = { content: output.content };
  if (output.structuredContent !== undefined) result.structuredContent = output.structuredContent;
  if (output.isError !== undefined) result.isError = output.isError;
  return result;
}

/**
 * Any thrown error as an isError result through server-kit's one wire mapper: `CODE: message`.
 * A handler's own coded error (any CodedError behind the catalog's TOOL_FAILED) shows its own
 * code and message; a CatalogError its code; anything else is `INTERNAL: message`.
 */
export function errorResult(error: unknown): CallResult {
  return toolErrorResult(shownError(error)) as CallResult;
}

/**
 * The error a refusal shows: a handler's own coded error behind the catalog's TOOL_FAILED,
 * else the error itself. Its code (when it is a CodedError) is the refusal's code.
 */
export function shownError(error: unknown): unknown {
  const handlerError = CatalogError.isInstance(error) && error.code === CatalogErrorCode.TOOL_FAILED ? error.cause : undefined;
  return CodedError.isInstance(handlerError) ? handlerError : error;
}

/**
 * search_tools' answer as the model reads it: name, toolset, kind, summary, `matchedIn` only
 * when the query matched something, and `variants` (near-duplicates shown once) only when there
 * are some. The ranking score is an internal figure: leaving it out saves about a fifth of every
 * search result's tokens.
 */
export function compactSearch(page: SearchPage): Record<string, unknown> {
  return {
    results: page.results.map(({ name, toolset, kind, summary, matchedIn, variants }) => ({
      name,
      toolset,
      kind,
      summary,
      ...(matchedIn.length > 0 ? { matchedIn } : {}),
      ...(variants !== undefined && variants.length > 0 ? { variants } : {}),
    })),
    paging: page.paging,
    // The semantic option fell back to keywords: the model is told why, never given an error.
    ...(page.semantic?.mode === "lexical" ? { note: page.semantic.note } : {}),
  };
}
