// The one real embeddings driver: OpenAI-compatible `POST <base>/embeddings`, the route Ollama,
// LM Studio, llama.cpp's server and vLLM serve locally. Every call is bounded (the caller's
// signal, a response size cap, a batch size) and every answer is checked (checkVectors).

import { checkVectors, type EmbeddingOutcome, type EmbeddingProvider } from "./embedding-provider";

/** Settings of an OpenAI-compatible embeddings endpoint. */
export interface OpenAiEmbeddingsSettings {
  /** The API base, e.g. `http://127.0.0.1:11434/v1`; `/embeddings` is appended. http or https. */
  url: string;
  /** The model the endpoint serves, e.g. `nomic-embed-text`. */
  model: string;
  /** Sent as `Authorization: Bearer …` when set. */
  apiKey?: string;
  /** Texts per request (1–256, default 64). */
  batchSize?: number;
}

/** The largest response body read (bytes); a larger one is garbage for any sane batch. */
export const MAX_EMBEDDINGS_RESPONSE_BYTES = 64 * 1024 * 1024;
const MAX_MODEL_CHARS = 200;
// Texts are cut before sending: small local models truncate far earlier anyway.
const MAX_TEXT_CHARS = 2000;

/**
 * What is wrong with the settings, naming the field, the bound and the fix; undefined when they
 * are usable. Hosts wrap the message in their own config error.
 */
export function embeddingsSettingsProblem(settings: Partial<OpenAiEmbeddingsSettings>, prefix = ""): string | undefined {
  let url: URL | undefined;
  try {
    url = typeof settings.url === "string" ? new URL(settings.url) : undefined;
  } catch {
    url = undefined;
  }
  if (url === undefined || (url.protocol !== "http:" && url.protocol !== "https:")) {
    return `${prefix}url is ${JSON.stringify(settings.url)}; it must be an http(s) URL of an OpenAI-compatible API base such as "http://127.0.0.1:11434/v1".`;
  }
  if (typeof settings.model !== "string" || settings.model.trim() === "" || settings.model.length > MAX_MODEL_CHARS) {
    return `${prefix}model is ${JSON.stringify(settings.model)}; it must name the embeddings model the endpoint serves (1-${MAX_MODEL_CHARS} characters).`;
  }
  if (settings.apiKey !== undefined && typeof settings.apiKey !== "string") return `${prefix}apiKey must be a string when set.`;
  const batch = settings.batchSize;
  if (batch !== undefined && (!Number.isInteger(batch) || batch < 1 || batch > 256)) {
    return `${prefix}batchSize is ${JSON.stringify(batch)}; it must be an integer from 1 to 256 (default 64).`;
  }
  return undefined;
}

/**
 * A provider for an OpenAI-compatible `/embeddings` endpoint. Throws a RangeError for unusable
 * settings (see embeddingsSettingsProblem); never throws from `embed`.
 *
 * @example
 * const provider = openAiEmbeddings({ url: "http://127.0.0.1:11434/v1", model: "nomic-embed-text" });
 */
export function openAiEmbeddings(settings: OpenAiEmbeddingsSettings): EmbeddingProvider {
  const problem = embeddingsSettingsProblem(settings);
  if (problem !== undefined) throw new RangeError(problem);
  const endpoint = `${settings.url.replace(/\/+$/, "")}/embeddings`;
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (settings.apiKey) headers.authorization = `Bearer ${settings.apiKey}`;
  return {
    model: settings.model,
    batchSize: settings.batchSize ?? 64,
    async embed(texts, signal): Promise<EmbeddingOutcome> {
      const body = JSON.stringify({ model: settings.model, input: texts.map((text) => text.slice(0, MAX_TEXT_CHARS)) });
      let response: Response;
      try {
        response = await fetch(endpoint, { method: "POST", headers, body, signal });
      } catch (error) {
        return failure(signal, error, `cannot reach ${endpoint}`);
      }
      if (!response.ok) {
        await response.body?.cancel().catch(() => undefined);
        return { ok: false, kind: "http", reason: `${endpoint} answered HTTP ${response.status}` };
      }
      let text: string;
      try {
        text = await boundedText(response);
      } catch (error) {
        return failure(signal, error, `${endpoint} broke off its answer`);
      }
      return parseEmbeddings(text, texts.length, endpoint);
    },
  };
}

function failure(signal: AbortSignal, error: unknown, what: string): EmbeddingOutcome {
  if (signal.aborted) return { ok: false, kind: "timeout", reason: `${what}: no answer in time` };
  const message = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
  return { ok: false, kind: message.includes("larger than") ? "invalid-response" : "unreachable", reason: `${what} (${message})` };
}

async function boundedText(response: Response): Promise<string> {
  const declared = Number(response.headers.get("content-length") ?? "0");
  if (declared > MAX_EMBEDDINGS_RESPONSE_BYTES) throw new Error(`answer larger than ${MAX_EMBEDDINGS_RESPONSE_BYTES} bytes`);
  const reader = response.body?.getReader();
  if (reader === undefined) return "";
  const decoder = new TextDecoder();
  let text = "";
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return text + decoder.decode();
    size += value.byteLength;
    if (size > MAX_EMBEDDINGS_RESPONSE_BYTES) {
      await reader.cancel().catch(() => undefined);
      throw new Error(`answer larger than ${MAX_EMBEDDINGS_RESPONSE_BYTES} bytes`);
    }
    text += decoder.decode(value, { stream: true });
  }
}

// `{ data: [{ index, embedding: number[] }] }`; `index` orders the rows when present.
function parseEmbeddings(text: string, expected: number, endpoint: string): EmbeddingOutcome {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, kind: "invalid-response", reason: `${endpoint} answered with text that is not JSON` };
  }
  const data = (json as { data?: unknown } | null)?.data;
  if (!Array.isArray(data)) return { ok: false, kind: "invalid-response", reason: `${endpoint} answered without a "data" array` };
  const rows: unknown[] = new Array<unknown>(data.length);
  for (const [position, item] of data.entries()) {
    const index = (item as { index?: unknown } | null)?.index;
    const slot = Number.isInteger(index) ? (index as number) : position;
    if (slot < 0 || slot >= data.length || rows[slot] !== undefined) return { ok: false, kind: "invalid-response", reason: `${endpoint} answered index ${String(index)} twice or out of range` };
    rows[slot] = (item as { embedding?: unknown } | null)?.embedding;
  }
  const outcome = checkVectors(rows, expected);
  return outcome.ok ? outcome : { ...outcome, reason: `${endpoint}: ${outcome.reason}` };
}
