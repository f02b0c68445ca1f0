// The hook settings of `.foundry/config.json`, validated, with defaults:
//   "promptRecall":    {"maxFacts": 3, "maxTokens": 400, "minScore": 1}   (UserPromptSubmit)
//   "contextFirewall": {"handoffTokens": 300, "enforcement": "block"}       (SubagentStop)
// `memoryIndex.budgetTokens` (SessionStart) is the memory package's own setting. A broken value
// is an error naming the file, the key, the bound and the default.
import fs from "node:fs";
import { isJsonObject } from "@foundry-mcp/core/json";

/** Settings of the context hooks. */
export interface HookConfig {
  /** At most this many facts are added to a prompt (1–25). */
  recallMaxFacts: number;
  /** The facts added to one prompt stay within this many tokens (50–4000). */
  recallMaxTokens: number;
  /** The relevance floor: a fact scoring below it is not added (0–1000). */
  recallMinScore: number;
  /** What a sub-agent returns to its caller: a path and a summary of this many tokens (50–10000). */
  handoffTokens: number;
  /** `block` sends a sub-agent back when its final message exceeds 3× handoffTokens; `off` never does. */
  enforcement: "block" | "off";
}

/** The defaults (issue #30): 3 facts, 400 tokens, a 300-token handoff, enforced. */
export const DEFAULT_HOOK_CONFIG: Readonly<HookConfig> = { recallMaxFacts: 3, recallMaxTokens: 400, recallMinScore: 1, handoffTokens: 300, enforcement: "block" };

/** A sub-agent's final message over this multiple of the handoff budget is sent back. */
export const FIREWALL_FACTOR = 3;

/** config.json is a handful of settings; a bigger file is refused before it is read. */
const MAX_CONFIG_BYTES = 256 * 1024;

function section(json: Record<string, unknown>, name: string, file: string): Record<string, unknown> {
  const value = json[name];
  if (value === undefined) return {};
  if (!isJsonObject(value)) throw new Error(`${file}: "${name}" must be an object; fix it or remove it to use the defaults.`);
  return value;
}

function numberIn(value: unknown, key: string, low: number, high: number, fallback: number, file: string, integer = true): number {
  if (value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || (integer && !Number.isInteger(value)) || value < low || value > high) {
    throw new Error(`${file}: ${key} is ${JSON.stringify(value)}; it must be ${integer ? "an integer" : "a number"} from ${low} to ${high} (default ${fallback}).`);
  }
  return value;
}

/** Reads the hook settings; no file means the defaults. */
export function readHookConfig(file: string): HookConfig {
  let text: string;
  try {
    const stat = fs.statSync(file);
    if (!stat.isFile() || stat.size > MAX_CONFIG_BYTES) throw new Error(`${file} is not a regular file of at most ${MAX_CONFIG_BYTES} bytes; fix it or remove it to use the defaults.`);
    text = fs.readFileSync(file, "utf8");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return { ...DEFAULT_HOOK_CONFIG };
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file} is not valid JSON (${(error as Error).message}); fix it or remove it to use the defaults.`);
  }
  if (!isJsonObject(json)) throw new Error(`${file} must hold a JSON object; fix it or remove it to use the defaults.`);
  const recall = section(json, "promptRecall", file);
  const firewall = section(json, "contextFirewall", file);
  const enforcement = firewall.enforcement ?? DEFAULT_HOOK_CONFIG.enforcement;
  if (enforcement !== "block" && enforcement !== "off") throw new Error(`${file}: contextFirewall.enforcement is ${JSON.stringify(enforcement)}; it must be "block" or "off" (default "block").`);
  const defaults = DEFAULT_HOOK_CONFIG;
  return {
    recallMaxFacts: numberIn(recall.maxFacts, "promptRecall.maxFacts", 1, 25, defaults.recallMaxFacts, file),
    recallMaxTokens: numberIn(recall.maxTokens, "promptRecall.maxTokens", 50, 4000, defaults.recallMaxTokens, file),
    recallMinScore: numberIn(recall.minScore, "promptRecall.minScore", 0, 1000, defaults.recallMinScore, file, false),
    handoffTokens: numberIn(firewall.handoffTokens, "contextFirewall.handoffTokens", 50, 10_000, defaults.handoffTokens, file),
    enforcement,
  };
}
