// @foundry-mcp/core/errors — the error classes alone (the root entry exports them too): for
// bundles that must not load the root's validators (ajv) to get a base error class.
export { CodedError, messageOf } from "./errors/coded-error";
export { CoreError, CoreErrorCode } from "./errors/core-error";
