// Public entry of @foundry-mcp/contracts: the contract registry, validation through the validator
// seam of @foundry-mcp/core with short contract lines, validation by path inside a project root,
// and the built-in contract catalogue.

export { ContractError, ContractErrorCode } from "./errors";
export { createContractValidatorProvider, formatErrorLines, MAX_ERROR_LINES } from "./error-lines";
export { ContractRegistry } from "./registry";
export {
  validateContract,
  formatValidationText,
  MAX_VALIDATE_FILE_BYTES,
} from "./validate-contract";
export { resolveInsideRoot } from "./root-path";
export { BUILT_IN_CONTRACTS, isBuiltInContractId } from "./builtins/index";
export { CONTRACT_ID_BASE, JSON_SCHEMA_DIALECT } from "./builtins/common";
export {
  PROJECT_CONTRACTS_DIR,
  CONTRACT_ID_PATTERN,
  MAX_CONTRACT_FILE_BYTES,
  MAX_PROJECT_CONTRACTS,
} from "./project-contracts";

export type { Contract } from "./registry";
export type { ContractValidation } from "./validate-contract";
export type { BuiltInContract } from "./builtins/common";
