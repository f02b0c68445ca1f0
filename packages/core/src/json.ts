// @foundry-mcp/core/json — the JSON object check alone: no validators (ajv), no error classes, no
// imports, so any entry (an agent-framework adapter, the prompt-recall hook's path) can use it
// without loading more than this file.
export { asJsonObject, isJsonObject } from "./json/json-object";
