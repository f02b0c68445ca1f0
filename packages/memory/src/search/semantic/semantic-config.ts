// `memorySearch.semantic` in `.foundry/config.json`: the semantic option's settings, validated.
// Absent (the default) means keyword search only. The API key is never in the file (which is
// often committed): `apiKeyEnv` names the environment variable that holds it.

import { embeddingsSettingsProblem, semanticSettingsProblem, type SemanticSearchSettings } from "@foundry-mcp/text-analysis";
import { isJsonObject } from "@foundry-mcp/core/json";
import { MemoryError, MemoryErrorCode } from "../../errors";

/** The settings of memory's semantic option, as `.foundry/config.json` gives them. */
export interface MemorySemanticConfig extends Omit<SemanticSearchSettings, "provider" | "cache"> {
  /** OpenAI-compatible API base, e.g. `http://127.0.0.1:11434/v1` (Ollama). */
  url: string;
  /** The embeddings model the endpoint serves. */
  model: string;
  /** Name of the environment variable holding the API key, when the endpoint wants one. */
  apiKeyEnv?: string;
  batchSize?: number;
  /** Vectors kept in `.foundry/cache/memory-vectors.json` (100–200,000; default 20,000). */
  maxCachedVectors?: number;
}

const KEYS = ["url", "model", "apiKeyEnv", "timeoutMs", "candidates", "semanticWeight", "minSimilarity", "retryAfterMs", "batchSize", "maxCachedVectors"];
const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;

/** Reads `memorySearch.semantic` from a parsed config; undefined when it is absent. */
export function readSemanticConfig(json: Record<string, unknown>, configPath: string): MemorySemanticConfig | undefined {
  const section = json.memorySearch;
  if (section === undefined) return undefined;
  const fail = (message: string) => new MemoryError(MemoryErrorCode.CONFIG_INVALID, `${configPath}: ${message}`);
  if (!isJsonObject(section)) {
    throw fail(`"memorySearch" must be an object like {"semantic": {"url": "http://127.0.0.1:11434/v1", "model": "nomic-embed-text"}}; fix it or remove the key to search by keywords only.`);
  }
  const semantic = section.semantic;
  if (semantic === undefined) return undefined;
  if (!isJsonObject(semantic)) {
    throw fail(`memorySearch.semantic must be an object with "url" and "model"; remove it to search by keywords only.`);
  }
  const settings = semantic;
  const unknown = Object.keys(settings).find((key) => !KEYS.includes(key));
  if (unknown !== undefined) throw fail(`memorySearch.semantic.${unknown} is not a setting; the settings are ${KEYS.join(", ")}.`);
  const problem =
    embeddingsSettingsProblem(settings, "memorySearch.semantic.") ??
    semanticSettingsProblem(settings, "memorySearch.semantic.") ??
    (settings.apiKeyEnv !== undefined && (typeof settings.apiKeyEnv !== "string" || !ENV_NAME.test(settings.apiKeyEnv))
      ? `memorySearch.semantic.apiKeyEnv is ${JSON.stringify(settings.apiKeyEnv)}; it must be an environment variable's name such as "OPENAI_API_KEY".`
      : undefined) ??
    maxCachedProblem(settings.maxCachedVectors);
  if (problem !== undefined) throw fail(problem);
  return settings as unknown as MemorySemanticConfig;
}

function maxCachedProblem(value: unknown): string | undefined {
  if (value === undefined || (Number.isInteger(value) && (value as number) >= 100 && (value as number) <= 200_000)) return undefined;
  return `memorySearch.semantic.maxCachedVectors is ${JSON.stringify(value)}; it must be an integer from 100 to 200000 (default 20000).`;
}
