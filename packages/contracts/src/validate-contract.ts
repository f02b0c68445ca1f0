// contract_validate as a library call: checks `data`, or the JSON file at `path`, against a
// contract and renders the SPEC §2 text (`VALID against <id>` / `INVALID against <id>:` + lines).

import { readFile, stat } from "node:fs/promises";
import { messageOf } from "@foundry-mcp/core";
import { ContractError, ContractErrorCode } from "./errors";
import type { ContractRegistry } from "./registry";
import { resolveInsideRoot } from "./root-path";

/** Largest file `validateContract` reads through `path`, in bytes. */
export const MAX_VALIDATE_FILE_BYTES = 5 * 1024 * 1024;

/** What `validateContract` found; `text` is what a model reads. */
export interface ContractValidation {
  readonly valid: boolean;
  readonly text: string;
  /** Error lines; empty when valid. */
  readonly errors: string[];
}

/** Renders a validation outcome as SPEC §2 prints it. */
export function formatValidationText(schema: string, errors: readonly string[]): string {
  if (errors.length === 0) return `VALID against ${schema}`;
  return `INVALID against ${schema}:\n${errors.map((line) => `- ${line}`).join("\n")}`;
}

async function readJsonFile(root: string, input: string): Promise<unknown> {
  const absolute = await resolveInsideRoot(root, input);
  const shown = JSON.stringify(input);
  const info = await stat(absolute);
  if (!info.isFile()) {
    throw new ContractError(
      ContractErrorCode.FILE_UNREADABLE,
      `path ${shown} is not a file; give the path of a JSON file.`,
    );
  }
  if (info.size > MAX_VALIDATE_FILE_BYTES) {
    throw new ContractError(
      ContractErrorCode.FILE_UNREADABLE,
      `path ${shown} is ${info.size} bytes, over the ${MAX_VALIDATE_FILE_BYTES}-byte limit; validate a smaller artifact.`,
    );
  }
  const text = await readFile(absolute, "utf8");
  try {
    return JSON.parse(text.replace(/^\uFEFF/, ""));
  } catch (error) {
    throw new ContractError(
      ContractErrorCode.INVALID_JSON,
      `path ${shown} is not valid JSON (${messageOf(error)}); fix the file or pass the artifact as \`data\`.`,
      { cause: error },
    );
  }
}

/**
 * Validates `data`, or the JSON file at `path` (relative to `root`, never outside it), against
 * contract `schema`. Exactly one of `data` and `path`: neither throws `MISSING_INPUT` with
 * "Provide either `data` or `path`.", both throws `CONFLICTING_INPUT`. An unknown `schema`
 * throws `UNKNOWN_CONTRACT` listing the known ids.
 *
 * @example
 * await validateContract({ root, registry, schema: "finding.v1", data: { title: "x" } });
 * // { valid: false, text: 'INVALID against finding.v1:\n- missing required property "severity"\n…' }
 */
export async function validateContract(input: {
  root: string;
  registry: ContractRegistry;
  schema: string;
  data?: unknown;
  path?: string;
}): Promise<ContractValidation> {
  const hasData = input.data !== undefined;
  const hasPath = input.path !== undefined;
  if (!hasData && !hasPath) {
    throw new ContractError(ContractErrorCode.MISSING_INPUT, "Provide either `data` or `path`.");
  }
  if (hasData && hasPath) {
    throw new ContractError(
      ContractErrorCode.CONFLICTING_INPUT,
      "Provide either `data` or `path`, not both: `data` is the artifact itself, `path` a JSON file holding it.",
    );
  }
  const validator = input.registry.validator(input.schema);
  const data = hasData ? input.data : await readJsonFile(input.root, input.path as string);
  const result = validator.validate(data);
  const errors = result.valid ? [] : result.errors;
  return { valid: result.valid, text: formatValidationText(input.schema, errors), errors };
}
