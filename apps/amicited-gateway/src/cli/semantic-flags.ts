// `serve --embeddings-url URL --embeddings-model NAME [--embeddings-timeout-ms 2000]`: the tool
// catalog's semantic option (issue 32), off unless both are given. The API key, when the endpoint
// wants one, comes from AMICITED_EMBEDDINGS_KEY, never from the command line (ps shows it).
import { openAiEmbeddings } from "@foundry-mcp/tool-catalog";
import type { SemanticSearchSettings } from "@foundry-mcp/tool-catalog";
import { flagInteger, flagString } from "./args";
import type { ParsedArgs } from "./args";
import { GatewayError, GatewayErrorCode } from "../errors";

/** The serve flags of the semantic option. */
export const SEMANTIC_FLAGS = ["embeddings-url", "embeddings-model", "embeddings-timeout-ms"];

/** The catalog's `search.semantic` from the serve flags, or undefined when they are absent. */
export function semanticSearchOf(args: ParsedArgs, environment: Readonly<Record<string, string | undefined>> = process.env): SemanticSearchSettings | undefined {
  const url = flagString(args, "embeddings-url");
  const model = flagString(args, "embeddings-model");
  if (url === undefined && model === undefined) return undefined;
  if (url === undefined || model === undefined)
    throw new GatewayError(GatewayErrorCode.USAGE, "--embeddings-url and --embeddings-model go together: give both to turn on semantic search, or neither.");
  const timeoutMs = flagInteger(args, "embeddings-timeout-ms", 2000, 50, 60_000);
  const apiKey = environment.AMICITED_EMBEDDINGS_KEY;
  try {
    return { provider: openAiEmbeddings({ url, model, ...(apiKey ? { apiKey } : {}) }), timeoutMs };
  } catch (error) {
    throw new GatewayError(GatewayErrorCode.USAGE, `--embeddings-${(error as Error).message}`);
  }
}
