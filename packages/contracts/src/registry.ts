// The contract registry: built-in contracts plus the project's `.foundry/contracts/<id>.json`,
// addressed by id. Reading files is project-contracts.ts, compiling is contract-set.ts.
//
// Shadowing rule: a built-in id always means the built-in. A project file with a built-in id is
// ignored and reported by `problems()`, so `finding.v1` means the same thing in every project.

import { BUILT_IN_CONTRACTS } from "./builtins/index";
import { compileContracts, type CompiledContracts } from "./contract-set";
import { ContractError, ContractErrorCode } from "./errors";
import { readProjectContracts } from "./project-contracts";
import type { JsonSchema, ValidationResult, Validator } from "@foundry-mcp/core";

/** One contract the registry knows. */
export interface Contract {
  readonly id: string;
  /** `built-in` ships with this package; `project` comes from `.foundry/contracts/`. */
  readonly source: "built-in" | "project";
  /** The schema's `title`, when it has one. */
  readonly title?: string;
  /** The schema's `description`, when it has one. */
  readonly description?: string;
  /** The JSON Schema as compiled (the registry sets `$id`). Treat it as read-only. */
  readonly schema: JsonSchema;
  /** For project contracts: the file, relative to the project root. */
  readonly path?: string;
  /** For built-ins: an artifact that satisfies the contract. */
  readonly example?: Record<string, unknown>;
}

function optionalString(value: unknown): string | undefined {
  return typeof value === "string" ? value : undefined;
}

/**
 * Contracts by id, each validated by an ajv validator compiled once and reused.
 *
 * @example
 * const registry = await ContractRegistry.load({ root: process.cwd() });
 * registry.validate("finding.v1", { title: "x", severity: "high" });
 * // { valid: false, errors: ['missing required property "failureScenario"'] }
 */
export class ContractRegistry {
  readonly #contracts: ReadonlyMap<string, Contract>;
  readonly #compiled: CompiledContracts;
  readonly #problems: readonly string[];

  private constructor(
    contracts: Map<string, Contract>,
    compiled: CompiledContracts,
    problems: readonly string[],
  ) {
    this.#contracts = contracts;
    this.#compiled = compiled;
    this.#problems = problems;
  }

  /** A registry of the built-in contracts only (no disk access). */
  static builtIn(): ContractRegistry {
    return new ContractRegistry(ContractRegistry.#builtInMap(), compileContracts([]), []);
  }

  /**
   * Built-ins plus the project contracts of `<root>/.foundry/contracts/`. Reads the disk on
   * every call (so it never serves stale contracts) but reuses compiled validators while the
   * files are unchanged. Broken or shadowing files are skipped and listed by `problems()`.
   */
  static async load(options: { root: string }): Promise<ContractRegistry> {
    const project = await readProjectContracts(options.root);
    const compiled = compileContracts(project.files);
    const contracts = ContractRegistry.#builtInMap();
    for (const file of project.files) {
      const schema = compiled.projectSchemas.get(file.id);
      if (!schema) continue;
      contracts.set(file.id, {
        id: file.id,
        source: "project",
        title: optionalString(schema.title),
        description: optionalString(schema.description),
        schema,
        path: file.path,
      });
    }
    return new ContractRegistry(contracts, compiled, [...project.problems, ...compiled.problems]);
  }

  static #builtInMap(): Map<string, Contract> {
    return new Map(
      BUILT_IN_CONTRACTS.map((contract) => [
        contract.id,
        {
          id: contract.id,
          source: "built-in",
          title: contract.title,
          description: contract.description,
          schema: contract.schema,
          example: contract.example,
        },
      ]),
    );
  }

  /** Every known contract id, sorted. */
  ids(): string[] {
    return [...this.#contracts.keys()].sort();
  }

  /** True when `id` is a known contract. */
  has(id: string): boolean {
    return this.#contracts.has(id);
  }

  /** The contract `id`; throws `ContractError` `UNKNOWN_CONTRACT` (listing the known ids) otherwise. */
  get(id: string): Contract {
    const contract = this.#contracts.get(id);
    if (!contract) throw this.#unknown(id);
    return contract;
  }

  /** Every known contract, sorted by id. */
  list(): Contract[] {
    return this.ids().map((id) => this.get(id));
  }

  /**
   * One line per project contract file that was skipped (shadows a built-in, not JSON, not a
   * valid schema, a link out of the root, …). Empty when everything loaded.
   */
  problems(): readonly string[] {
    return this.#problems;
  }

  /** The compiled validator of contract `id` (throws `UNKNOWN_CONTRACT` for unknown ids). */
  validator(id: string): Validator {
    const validator = this.has(id) ? this.#compiled.validator(id) : undefined;
    if (!validator) throw this.#unknown(id);
    return validator;
  }

  /** Validates `data` against contract `id`; throws `UNKNOWN_CONTRACT` for unknown ids. */
  validate(id: string, data: unknown): ValidationResult {
    return this.validator(id).validate(data);
  }

  #unknown(id: string): ContractError {
    return new ContractError(
      ContractErrorCode.UNKNOWN_CONTRACT,
      `Unknown contract ${JSON.stringify(id)}. Known contracts: ${this.ids().join(", ")}.`,
    );
  }
}
