// Checks tool arguments against the same JSON Schemas tools/list shows, once, at the edge, through
// @foundry-mcp/core's validator; the handlers then trust their input. The one refusal is
// FoundryServerError INVALID_ARGUMENTS naming the first problem as the model reads it: unknown
// arguments first (with the accepted ones), then every missing required argument at once (each
// with what to send), then the first bad value in argument order. Messages come from the
// validator's issues; only these two sentences and the worded patterns are this app's own.
import { AjvValidatorProvider, valueText, whatToSend, type JsonSchema, type PrecompiledValidator, type ValidationIssue } from "@foundry-mcp/core";
import { TOOL_DEFINITIONS, TOOL_NAMES, type ToolArgumentsOf, type ToolDefinition, type ToolName } from "./definitions";
import * as generated from "./validators.generated";
import { FoundryServerError } from "../errors";

/** Tool arguments after validation: known names, checked types. */
export type ToolArguments = Record<string, unknown>;

// The tool schemas are constants of this program, checked against the meta-schema by
// test/tools/check-arguments.test.ts, and their validators are generated ahead of time
// (validators.generated.ts, kept current by a test): a fresh process compiles neither the
// meta-schema (~50–120 ms) nor ajv and a first schema (~15–25 ms) inside its first tool call.
const validators = generated as unknown as Readonly<Record<string, PrecompiledValidator | undefined>>;
const provider = new AjvValidatorProvider({
  checkSchemas: false,
  compiled: TOOL_NAMES.flatMap((name) => {
    const validate = validators[name];
    return validate ? [[TOOL_DEFINITIONS[name].inputSchema as unknown as JsonSchema, validate] as const] : [];
  }),
});

// Which problem of one argument a model should fix first: its type, then its allowed values, then bounds.
const KEYWORD_ORDER = ["type", "enum", "minLength", "maxLength", "pattern", "minimum", "maximum", "maxItems"];

/**
 * Returns the arguments unchanged, typed from the tool's schema, when they satisfy it; else throws
 * FoundryServerError INVALID_ARGUMENTS naming the first problem.
 */
export function checkArguments<N extends ToolName>(definition: ToolDefinition & { name: N }, input: Record<string, unknown> | undefined): ToolArgumentsOf<N> {
  const args = input ?? {};
  const result = provider.getValidator<ToolArgumentsOf<N>>(definition.inputSchema as unknown as JsonSchema).validate(args);
  if (result.valid) return result.data;
  throw new FoundryServerError("INVALID_ARGUMENTS", firstProblem(definition, args, result.issues));
}

function firstProblem(definition: ToolDefinition, args: ToolArguments, issues: readonly ValidationIssue[]): string {
  const argumentOrder = Object.keys(args);
  const unknown = issues.filter((issue) => issue.keyword === "additionalProperties").sort((a, b) => argumentOrder.indexOf(a.field) - argumentOrder.indexOf(b.field));
  if (unknown[0]) return unknownMessage(unknown[0].field, Object.keys(definition.inputSchema.properties));
  const required = definition.inputSchema.required ?? [];
  const missing = issues.filter((issue) => issue.keyword === "required").sort((a, b) => required.indexOf(a.field) - required.indexOf(b.field));
  if (missing.length > 0) return missingMessage(missing);
  const rank = (issue: ValidationIssue): [number, number, number] => {
    const argument = issue.field.split(/[.[]/)[0] ?? "";
    const keyword = KEYWORD_ORDER.indexOf(issue.keyword);
    return [argumentOrder.indexOf(argument), issue.field === argument ? 0 : 1, keyword === -1 ? KEYWORD_ORDER.length : keyword];
  };
  const first = [...issues].sort((a, b) => compareRanks(rank(a), rank(b)))[0];
  if (first === undefined) return "the arguments do not match the tool's input schema; call tools/list for it.";
  const hint = first.keyword === "pattern" ? definition.patternHints?.[first.field] : undefined;
  return hint === undefined ? first.message : `\`${first.field}\` must be ${hint}; got ${valueText(first.got)}.`;
}

function compareRanks(left: readonly number[], right: readonly number[]): number {
  for (let index = 0; index < left.length; index += 1) {
    const difference = (left[index] ?? 0) - (right[index] ?? 0);
    if (difference !== 0) return difference;
  }
  return 0;
}

/** "unknown argument `top`: it takes `query`, `type`, `limit`." */
function unknownMessage(name: string, known: readonly string[]): string {
  const accepted = known.length === 0 ? "it takes no arguments" : `it takes ${known.map((key) => `\`${key}\``).join(", ")}`;
  return `unknown argument \`${name}\`: ${accepted}.`;
}

/**
 * Names every missing required argument at once, each with what to send (its description and,
 * for an enum, the accepted values), so one retry can fix the call:
 * "`body` and `type` are required: `body`: At most 120 words. … `type`: What kind of fact this is. One of …".
 */
function missingMessage(missing: readonly ValidationIssue[]): string {
  if (missing.length === 1 && missing[0]) return missing[0].message;
  const quoted = missing.map((issue) => `\`${issue.field}\``);
  const names = `${quoted.slice(0, -1).join(", ")} and ${quoted[quoted.length - 1]}`;
  return `${names} are required: ${missing.map((issue, index) => `${quoted[index]}: ${whatToSend(issue.fieldSchema)}`.trim()).join(" ")}`;
}
