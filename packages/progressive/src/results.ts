// The one result format of the surface: JSON answers carry the same value as compact text and
// as structuredContent; every refusal is an isError result whose text is `CODE: message`.
import { CatalogError, CatalogErrorCode, type SearchPage, type ToolOutput } from "@foundry-mcp/tool-catalog";
import type { CallResult } from "./wire";

/** An error of the host's own class (a stable `code` and a message a model can act on). */
export interface CodedError {
  code: string;
  message: string;
}

/** Recognises the host's own errors, so that one thrown inside a handler keeps its code. */
export type HostErrorTest = (error: unknown) => error is CodedError;

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
 * Any thrown error as an isError result `CODE: message`. A CatalogError keeps its code; a host
 * error behind a TOOL_FAILED (the handler threw it) shows its own code; anything else is INTERNAL.
 */
export function errorResult(error: unknown, isHostError?: HostErrorTest): CallResult {
  let coded: CodedError;
  if (CatalogError.isInstance(error)) {
    const cause = error.code === CatalogErrorCode.TOOL_FAILED ? error.cause : undefined;
    coded = isHostError?.(cause) ? cause : error;
  } else if (isHostError?.(error)) {
    coded = error;
  } else {
    coded = { code: "INTERNAL", message: error instanceof Error ? error.message : String(error) };
  }
  return { isError: true, content: [{ type: "text", text: `${coded.code}: ${coded.message}` }] };
}

/**
 * search_tools' answer as the model reads it: name, toolset, kind, summary, and `matchedIn` only
 * when the query matched something. The ranking score is an internal figure: leaving it out
 * saves about a fifth of every search result's tokens.
 */
export function compactSearch(page: SearchPage): Record<string, unknown> {
  return {
    results: page.results.map(({ name, toolset, kind, summary, matchedIn }) => ({
      name,
      toolset,
      kind,
      summary,
      ...(matchedIn.length > 0 ? { matchedIn } : {}),
    })),
    paging: page.paging,
  };
}
