// `.foundry/config.json`: the two settings this package reads, validated, with defaults.
// Read on every call (the server is stateless); a broken file is an error naming the file.

import path from "node:path";
import { isJsonObject } from "@foundry-mcp/core/json";
import { MemoryError, MemoryErrorCode } from "./errors";
import { FILE_BOUNDS, readBoundedText } from "./fs/bounded-read";
import { settledStatKey } from "./fs/settled-stat";
import { MEMORY_LAYOUTS } from "./layout/memory-layout";
import type { MemoryLayout } from "./layout/memory-layout";
import { readSemanticConfig, type MemorySemanticConfig } from "./search/semantic/semantic-config";

/** The settings memory uses. */
export interface MemoryConfig {
  /** Default search limit (`memoryRetrieval.maxFacts`, 1–25, default 8). */
  maxFacts: number;
  /** INDEX.md budget (`memoryIndex.budgetTokens`, default 4000). */
  budgetTokens: number;
  /**
   * `memoryStore.watch`: `auto` (default) trusts a directory watch where it can vouch for every
   * change and scans the folder otherwise; `off` stats every fact file on every call.
   */
  watch: "auto" | "off";
  /**
   * `memoryStore.layout`: `merge-safe` or `sequential`; absent means chosen from the store
   * (see `chooseLayout`). `foundry migrate` sets `merge-safe`.
   */
  layout?: MemoryLayout;
  /** `memorySearch.semantic`: the embeddings endpoint of the semantic option; absent means off. */
  semantic?: MemorySemanticConfig;
}

/** The defaults of SPEC §2. */
export const DEFAULT_CONFIG: Readonly<MemoryConfig> = { maxFacts: 8, budgetTokens: 4000, watch: "auto" };

const WATCH_MODES = ["auto", "off"] as const;

function readSection(
  json: Record<string, unknown>,
  section: string,
  key: string,
  configPath: string,
): unknown {
  const value = json[section];
  if (value === undefined) return undefined;
  if (!isJsonObject(value)) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath}: "${section}" must be an object like {"${key}": …}; fix it or remove the key to use the default.`,
    );
  }
  return value[key];
}

function integerIn(
  value: unknown,
  name: string,
  low: number,
  high: number,
  fallback: number,
  configPath: string,
): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < low || value > high) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath}: ${name} is ${JSON.stringify(value)}; it must be an integer from ${low} to ${high} (default ${fallback}).`,
    );
  }
  return value;
}

/** Reads and validates the config at `configPath`; a missing file means the defaults. */
export async function readMemoryConfig(configPath: string): Promise<MemoryConfig> {
  let text: string | undefined;
  try {
    text = readConfigText(configPath);
  } catch (error) {
    return missingOrUnreadable(error, configPath);
  }
  return text === undefined ? { ...DEFAULT_CONFIG } : parseMemoryConfig(text, configPath);
}

/**
 * The config's text, undefined when there is none. A config that is a link out of `.foundry/`,
 * not a regular file or over 1 MiB is CONFIG_INVALID, never read (bounded-read.ts).
 */
function readConfigText(configPath: string): string | undefined {
  const read = readBoundedText(configPath, { boundary: path.dirname(path.resolve(configPath)), maxBytes: FILE_BOUNDS.config });
  if (read.ok) return read.text;
  if (read.refusal === "missing") return undefined;
  throw new MemoryError(MemoryErrorCode.CONFIG_INVALID, `${configPath} was not read: ${read.reason}.`);
}

function missingOrUnreadable(error: unknown, configPath: string): MemoryConfig {
  if (MemoryError.isInstance(error)) throw error;
  if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ...DEFAULT_CONFIG };
  throw new MemoryError(
    MemoryErrorCode.CONFIG_INVALID,
    `${configPath} cannot be read: ${(error as Error).message}`,
    { cause: error },
  );
}

const remembered = new Map<string, { key: string; config: MemoryConfig }>();

/**
 * The config as it is on disk now, without reading the file when one `stat` proves it unchanged
 * (size, inode, mtime and ctime equal, and its ctime older than the 2 s racy window at the read).
 */
export function currentMemoryConfig(configPath: string): MemoryConfig {
  let key = "missing";
  try {
    // No config file is the usual case: stat builds no error for it.
    key = settledStatKey(configPath);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") return missingOrUnreadable(error, configPath);
  }
  const known = remembered.get(configPath);
  if (known && known.key === key && key !== "racy") return { ...known.config };
  let config: MemoryConfig;
  try {
    const text = key === "missing" ? undefined : readConfigText(configPath);
    config = text === undefined ? { ...DEFAULT_CONFIG } : parseMemoryConfig(text, configPath);
  } catch (error) {
    if (MemoryError.isInstance(error)) throw error;
    config = missingOrUnreadable(error, configPath);
  }
  remembered.set(configPath, { key, config });
  return { ...config };
}

function parseMemoryConfig(text: string, configPath: string): MemoryConfig {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath} is not valid JSON (${(error as Error).message}); fix it or delete it to use the defaults.`,
      { cause: error },
    );
  }
  if (!isJsonObject(json)) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath} must hold a JSON object like {"memoryIndex": {"budgetTokens": 4000}}.`,
    );
  }
  const record = json;
  const watch = readSection(record, "memoryStore", "watch", configPath) ?? DEFAULT_CONFIG.watch;
  if (!(WATCH_MODES as readonly unknown[]).includes(watch)) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath}: memoryStore.watch is ${JSON.stringify(watch)}; it must be "auto" or "off" (default "auto").`,
    );
  }
  const layout = readSection(record, "memoryStore", "layout", configPath);
  if (layout !== undefined && !(MEMORY_LAYOUTS as readonly unknown[]).includes(layout)) {
    throw new MemoryError(
      MemoryErrorCode.CONFIG_INVALID,
      `${configPath}: memoryStore.layout is ${JSON.stringify(layout)}; it must be "merge-safe" or "sequential" (leave it out to let the store choose; \`foundry migrate\` sets "merge-safe").`,
    );
  }
  const semantic = readSemanticConfig(record, configPath);
  return {
    ...(layout === undefined ? {} : { layout: layout as MemoryLayout }),
    ...(semantic === undefined ? {} : { semantic }),
    maxFacts: integerIn(
      readSection(record, "memoryRetrieval", "maxFacts", configPath),
      "memoryRetrieval.maxFacts",
      1,
      25,
      DEFAULT_CONFIG.maxFacts,
      configPath,
    ),
    budgetTokens: integerIn(
      readSection(record, "memoryIndex", "budgetTokens", configPath),
      "memoryIndex.budgetTokens",
      1,
      1_000_000,
      DEFAULT_CONFIG.budgetTokens,
      configPath,
    ),
    watch: watch as MemoryConfig["watch"],
  };
}
