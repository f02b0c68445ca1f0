// Checks the arguments of the four base tools against the schemas tools/list shows, at the edge,
// so a model that misspells `query` or sends `limit: "ten"` is told which argument and why,
// instead of getting a silently widened result. Only the schema features the base tools use.
import type { Tool } from "@modelcontextprotocol/sdk/types.js";
import { GatewayError, GatewayErrorCode } from "../errors";

interface PropertySchema {
  type?: string;
  enum?: readonly unknown[];
  minimum?: number;
  maximum?: number;
  minLength?: number;
}

function describeValue(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string"
    ? `"${value.slice(0, 40)}"`
    : typeof value === "object"
      ? "an object"
      : String(value);
}

function checkProperty(key: string, value: unknown, schema: PropertySchema): string | null {
  switch (schema.type) {
    case "string":
      if (typeof value !== "string")
        return `\`${key}\` must be a string; got ${describeValue(value)}.`;
      if (schema.minLength !== undefined && value.length < schema.minLength)
        return `\`${key}\` must not be empty.`;
      if (schema.enum && !schema.enum.includes(value))
        return `\`${key}\` must be one of ${schema.enum.join(", ")}; got ${describeValue(value)}.`;
      return null;
    case "integer":
      if (typeof value !== "number" || !Number.isInteger(value))
        return `\`${key}\` must be an integer; got ${describeValue(value)}.`;
      if (
        (schema.minimum !== undefined && value < schema.minimum) ||
        (schema.maximum !== undefined && value > schema.maximum)
      ) {
        return `\`${key}\` must be from ${schema.minimum ?? "-∞"} to ${schema.maximum ?? "∞"}; got ${value}.`;
      }
      return null;
    case "object":
      if (typeof value !== "object" || value === null || Array.isArray(value))
        return `\`${key}\` must be a JSON object (the tool's arguments); got ${describeValue(value)}.`;
      return null;
    default:
      return null;
  }
}

/** Throws GatewayError INVALID_ARGUMENTS naming the first argument that breaks `tool`'s schema. */
export function checkBaseArguments(tool: Tool, args: Record<string, unknown>): void {
  const properties = (tool.inputSchema.properties ?? {}) as Record<string, PropertySchema>;
  const known = Object.keys(properties);
  for (const key of Object.keys(args)) {
    if (!known.includes(key)) {
      throw new GatewayError(
        GatewayErrorCode.INVALID_ARGUMENT,
        `${tool.name} has no argument \`${key}\`; it takes ${known.map((name) => `\`${name}\``).join(", ")}.`,
      );
    }
  }
  for (const key of tool.inputSchema.required ?? []) {
    if (args[key] === undefined)
      throw new GatewayError(
        GatewayErrorCode.INVALID_ARGUMENT,
        `${tool.name} needs \`${key}\`: ${(properties[key] as { description?: string })?.description ?? ""}`.trim(),
      );
  }
  for (const [key, value] of Object.entries(args)) {
    const problem = checkProperty(key, value, properties[key] ?? {});
    if (problem)
      throw new GatewayError(GatewayErrorCode.INVALID_ARGUMENT, `${tool.name}: ${problem}`);
  }
}
