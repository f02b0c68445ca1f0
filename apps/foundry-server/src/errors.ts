// The app's one error class for failures it detects itself (tool arguments that break their
// schema). Package errors (MemoryError, ContractError, BlackboardError) pass through unchanged;
// server.ts turns every tool failure into the `<tool> failed: <message>` result in one place.

/** Stable codes of {@link FoundryServerError}. */
export const FoundryServerErrorCode = {
  /** Tool arguments that break the tool's input schema. */
  INVALID_ARGUMENTS: "INVALID_ARGUMENTS",
} as const;

/** One of the {@link FoundryServerErrorCode} values. */
export type FoundryServerErrorCode = (typeof FoundryServerErrorCode)[keyof typeof FoundryServerErrorCode];

const BRAND = Symbol.for("@foundry-mcp/foundry-server.FoundryServerError");

/** An error the server raises at its edge; the message is written for the model to act on. */
export class FoundryServerError extends Error {
  readonly code: FoundryServerErrorCode;
  readonly [BRAND] = true;

  constructor(code: FoundryServerErrorCode, message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = "FoundryServerError";
    this.code = code;
  }

  /** True for a FoundryServerError, even from another copy of the module. */
  static isInstance(value: unknown): value is FoundryServerError {
    return typeof value === "object" && value !== null && (value as Record<symbol, unknown>)[BRAND] === true;
  }
}
