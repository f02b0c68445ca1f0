// ajv's error objects → ValidationIssues: the offending field in readable form, the bound, the
// value got, the field's own schema. Errors inside the branches of a failed anyOf/oneOf are
// dropped (they contradict each other; the choice's own error says what is wrong), and so are
// `if` errors (the failing then/else already speaks). Messages come from describe-issue.ts.

import type { ErrorObject } from "ajv";
import { asJsonObject } from "../json/json-object";
import { describeIssue } from "./describe-issue";
import type { JsonSchema, ValidationIssue } from "./types";

type Draft = Omit<ValidationIssue, "message">;

/** `/tags/1` → `tags[1]`, `/options/limit` → `options.limit`, with `~1`/`~0` unescaped. */
export function fieldOf(instancePath: string, child?: string): string {
  const segments = instancePath === "" ? [] : instancePath.slice(1).split("/");
  if (child !== undefined) segments.push(child);
  let field = "";
  for (const raw of segments) {
    const segment = raw.replace(/~1/g, "/").replace(/~0/g, "~");
    if (/^\d+$/.test(segment)) field += `[${segment}]`;
    else field += field === "" ? segment : `.${segment}`;
  }
  return field;
}

function propertySchema(parent: JsonSchema | undefined, name: string): JsonSchema | undefined {
  return asJsonObject(asJsonObject(parent?.properties)?.[name]);
}

function boundOf(error: ErrorObject, parent: JsonSchema | undefined): unknown {
  const params = error.params as Record<string, unknown>;
  switch (error.keyword) {
    case "required":
      return parent?.required;
    case "additionalProperties":
    case "unevaluatedProperties":
      return Object.keys(asJsonObject(parent?.properties) ?? {});
    case "type":
      return String(params.type).split(",");
    case "enum":
      return params.allowedValues;
    case "const":
      return params.allowedValue;
    case "multipleOf":
      return params.multipleOf;
    case "pattern":
      return params.pattern;
    case "format":
      return params.format;
    default:
      return "limit" in params ? params.limit : params;
  }
}

function draftOf(error: ErrorObject): Draft {
  const params = error.params as Record<string, unknown>;
  const parent = asJsonObject(error.parentSchema);
  const base = { keyword: error.keyword, instancePath: error.instancePath, schemaPath: error.schemaPath, params, bound: boundOf(error, parent) };
  if (error.keyword === "required" || error.keyword === "dependentRequired") {
    const name = String(params.missingProperty);
    return { ...base, field: fieldOf(error.instancePath, name), hasValue: false, got: undefined, fieldSchema: propertySchema(parent, name) };
  }
  if (error.keyword === "additionalProperties" || error.keyword === "unevaluatedProperties") {
    const name = String(params.additionalProperty ?? params.unevaluatedProperty);
    const holder = asJsonObject(error.data);
    return { ...base, field: fieldOf(error.instancePath, name), hasValue: true, got: holder?.[name], fieldSchema: undefined };
  }
  return { ...base, field: fieldOf(error.instancePath), hasValue: true, got: error.data, fieldSchema: parent };
}

/** Turns ajv errors (collected with `allErrors` and `verbose`) into issues, without repeats. */
export function issuesOf(errors: readonly ErrorObject[]): ValidationIssue[] {
  const choicePaths = errors.filter((error) => error.keyword === "anyOf" || error.keyword === "oneOf").map((error) => `${error.schemaPath}/`);
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  for (const error of errors) {
    if (error.keyword === "if") continue;
    if (choicePaths.some((prefix) => error.schemaPath.startsWith(prefix))) continue;
    const draft = draftOf(error);
    const message = describeIssue(draft);
    const key = `${draft.keyword}\u0000${draft.field}\u0000${message}`;
    if (seen.has(key)) continue;
    seen.add(key);
    issues.push({ ...draft, message });
  }
  return issues;
}
