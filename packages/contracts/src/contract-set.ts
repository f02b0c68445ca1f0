// Compiled contract sets, cached across registry loads. A server that reloads the registry on
// every call (to never serve stale contracts) still compiles each schema once: built-ins live in
// one shared set, and each distinct set of project contract files (keyed by a hash of their
// text) gets one ajv instance holding the built-ins too, so project contracts may `$ref` them.

import { createHash } from "node:crypto";
import { CodedError, dialectOf, messageOf, type AjvValidatorProvider, type JsonSchema, type Validator } from "@foundry-mcp/core";
import { BUILT_IN_CONTRACTS } from "./builtins/index";
import { CONTRACT_ID_BASE } from "./builtins/common";
import { createContractValidatorProvider } from "./error-lines";
import type { ProjectContractFile } from "./project-contracts";

/** How many distinct project contract sets stay compiled (least recently used goes first). */
const MAX_CACHED_SETS = 32;

/** Validators by contract id, plus a problem line per project contract that did not compile. */
export interface CompiledContracts {
  /** The validator of `id`, compiled on first use; `undefined` for ids this set lacks. */
  validator(id: string): Validator | undefined;
  /** Project contracts that compiled, with the schema as compiled (its `$id` set from the id). */
  readonly projectSchemas: ReadonlyMap<string, JsonSchema>;
  readonly problems: readonly string[];
}

/** A provider holding the built-ins, so that project contracts may `$ref` them by id. */
function providerWithBuiltIns(): AjvValidatorProvider {
  return createContractValidatorProvider({ schemas: BUILT_IN_CONTRACTS.map((contract) => contract.schema) });
}

// The validator's own errors wrap ajv's; a problem line names ajv's reason only.
function reasonOf(error: unknown): string {
  return messageOf(CodedError.isInstance(error) && error.cause !== undefined ? error.cause : error);
}

let builtInProvider: AjvValidatorProvider | undefined;
const builtInIds = new Set(BUILT_IN_CONTRACTS.map((contract) => contract.id));

/** Validator of a built-in contract, from the one shared provider (compiled on first use). */
function builtIn(id: string): Validator | undefined {
  if (!builtInIds.has(id)) return undefined;
  builtInProvider ??= providerWithBuiltIns();
  return builtInProvider.getValidator(`${CONTRACT_ID_BASE}${id}`);
}

function compileProjectSet(files: readonly ProjectContractFile[]): CompiledContracts {
  const provider = providerWithBuiltIns();
  const problems: string[] = [];
  const added = new Map<string, JsonSchema>();
  for (const file of files) {
    // The registry owns `$id`, so every contract is addressable by its bare id.
    const schema = { ...file.schema, $id: `${CONTRACT_ID_BASE}${file.id}` };
    try {
      // Contracts are one dialect (JSON_SCHEMA_DIALECT), so that every contract may `$ref` any other.
      if (dialectOf(schema) !== "2020-12") throw new Error(`its $schema ${JSON.stringify(file.schema.$schema)} is draft-07; contracts are read as draft 2020-12`);
      provider.addSchema(schema);
      added.set(file.id, schema);
    } catch (error) {
      problems.push(`${file.path} ignored: not a valid draft 2020-12 JSON Schema (${reasonOf(error)}).`);
    }
  }
  // Compile now, so a broken `$ref` or pattern is reported at load time, not at first use.
  const compiled = new Map<string, Validator>();
  for (const file of files) {
    if (!added.has(file.id)) continue;
    try {
      compiled.set(file.id, provider.getValidator(`${CONTRACT_ID_BASE}${file.id}`));
    } catch (error) {
      problems.push(`${file.path} ignored: it does not compile (${reasonOf(error)}).`);
      added.delete(file.id);
    }
  }
  return {
    validator: (id) => compiled.get(id) ?? builtIn(id),
    projectSchemas: added,
    problems,
  };
}

const cache = new Map<string, CompiledContracts>();

function keyOf(files: readonly ProjectContractFile[]): string {
  const hash = createHash("sha256");
  for (const file of files) hash.update(`${file.id}\u0000${file.text}\u0000`);
  return hash.digest("hex");
}

/**
 * The compiled contracts for these project files (plus the built-ins), from the cache when the
 * same files were compiled before. Never throws: broken files come back as `problems`.
 */
export function compileContracts(files: readonly ProjectContractFile[]): CompiledContracts {
  if (files.length === 0) return { validator: builtIn, projectSchemas: new Map(), problems: [] };
  const key = keyOf(files);
  const hit = cache.get(key);
  if (hit) {
    cache.delete(key);
    cache.set(key, hit);
    return hit;
  }
  const compiled = compileProjectSet(files);
  cache.set(key, compiled);
  if (cache.size > MAX_CACHED_SETS) {
    const oldest = cache.keys().next().value;
    if (oldest !== undefined) cache.delete(oldest);
  }
  return compiled;
}
