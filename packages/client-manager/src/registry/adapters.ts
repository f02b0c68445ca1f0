// Function-tool adapters for the common model APIs (OpenAI, Anthropic, Gemini). The model sees
// the server's description and input schema under the host name; nothing else is added.
import type { HostTool } from "./types";

/** OpenAI Chat Completions / Responses function tool. */
export interface OpenAIFunctionTool {
  type: "function";
  function: { name: string; description?: string; parameters: Record<string, unknown> };
}

/** Anthropic Messages API tool. */
export interface AnthropicTool {
  name: string;
  description?: string;
  input_schema: Record<string, unknown>;
}

/** Gemini `tools` entry holding function declarations. */
export interface GeminiTool {
  functionDeclarations: Array<{ name: string; description?: string; parameters?: Record<string, unknown> }>;
}

/** A tool's input schema as function-calling APIs want it: an object schema without `$schema`. */
export function objectSchema(schema: Record<string, unknown>): Record<string, unknown> {
  const copy = structuredClone(schema);
  delete copy.$schema;
  if (copy.type === undefined) copy.type = "object";
  if (copy.type === "object" && copy.properties === undefined) copy.properties = {};
  return copy;
}

function describe(tool: HostTool): { description?: string } {
  return tool.description ? { description: tool.description } : {};
}

/** Tools as OpenAI function tools. */
export function toOpenAITools(tools: HostTool[]): OpenAIFunctionTool[] {
  return tools.map((tool) => ({ type: "function", function: { name: tool.hostName, ...describe(tool), parameters: objectSchema(tool.inputSchema) } }));
}

/** Tools as Anthropic tools. */
export function toAnthropicTools(tools: HostTool[]): AnthropicTool[] {
  return tools.map((tool) => ({ name: tool.hostName, ...describe(tool), input_schema: objectSchema(tool.inputSchema) }));
}

// Gemini accepts an OpenAPI 3 subset of JSON Schema; other keywords are rejected, so drop them.
const GEMINI_KEYS = new Set([
  "type", "format", "title", "description", "nullable", "enum", "properties", "required", "items",
  "minItems", "maxItems", "minimum", "maximum", "minLength", "maxLength", "pattern", "anyOf", "default",
]);

function geminiSchema(schema: unknown): unknown {
  if (Array.isArray(schema)) return schema.map(geminiSchema);
  if (typeof schema !== "object" || schema === null) return schema;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(schema)) {
    if (!GEMINI_KEYS.has(key)) continue;
    if (key === "properties" && typeof value === "object" && value !== null) {
      out.properties = Object.fromEntries(Object.entries(value).map(([name, child]) => [name, geminiSchema(child)]));
    } else if (key === "type" && Array.isArray(value)) {
      const types = value.filter((item) => item !== "null");
      out.type = types[0] ?? "string";
      if (types.length < value.length) out.nullable = true;
    } else {
      out[key] = key === "items" || key === "anyOf" ? geminiSchema(value) : value;
    }
  }
  return out;
}

/** Tools as one Gemini `tools` entry (schemas reduced to Gemini's OpenAPI subset). */
export function toGeminiTools(tools: HostTool[]): GeminiTool[] {
  if (tools.length === 0) return [];
  return [
    {
      functionDeclarations: tools.map((tool) => {
        const parameters = geminiSchema(objectSchema(tool.inputSchema)) as Record<string, unknown>;
        const hasProperties = Object.keys((parameters.properties as object | undefined) ?? {}).length > 0;
        return { name: tool.hostName, ...describe(tool), ...(hasProperties ? { parameters } : {}) };
      }),
    },
  ];
}
